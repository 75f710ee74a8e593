import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * Swap an island's server markup for its React rendering in one step: render synchronously
 * into a detached node, then replace the children. No frame ever shows an empty island, so
 * hydration causes no layout shift (CLS budget 0.05). `keep` nodes are moved after the root.
 */
export function mountInto(element: HTMLElement, node: ReactNode, keep: HTMLElement[] = []): void {
  const container = document.createElement('div');
  container.className = 'island-root';
  const root = createRoot(container);
  flushSync(() => root.render(node));
  element.replaceChildren(container, ...keep);
}
