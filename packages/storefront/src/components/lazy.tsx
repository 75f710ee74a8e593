import { type ComponentType, Suspense, lazy } from 'react';

/**
 * A component whose code loads on first render. Dialogs and forms only appear after an
 * interaction, so they load on demand instead of weighing on every product page (budget:
 * 80 KB gzipped in total). Nothing is shown while the chunk loads.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Impl = lazy(() => load().then((component) => ({ default: component })));
  return (props: P) => (
    <Suspense fallback={null}>
      <Impl {...props} />
    </Suspense>
  );
}
