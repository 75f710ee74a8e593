import { createRoot } from 'react-dom/client';
import type { PageData } from '../../page-data';
import { type RestockProps, RestockWidget } from './restock-widget';

/** Props from data-props JSON, or from the marker's data-item-id / data-variant-id plus page data. */
function resolveProps(element: HTMLElement, props: unknown): Omit<RestockProps, 'events'> | null {
  if (element.dataset.props) {
    try {
      const p = JSON.parse(element.dataset.props) as Partial<RestockProps> & { variantIds?: string[] };
      if (typeof p.productId === 'string')
        return {
          productId: p.productId,
          variantId: p.variantId ?? p.variantIds?.[0] ?? null,
          merchandising: p.merchandising ?? {},
        };
    } catch {
      // fall through to page data
    }
  }
  const page = (props as { page?: PageData } | null)?.page;
  const productId = element.dataset.itemId;
  if (!productId) return null;
  return {
    productId,
    variantId: element.dataset.variantId ?? null,
    merchandising: (page?.merchandising?.[productId] as RestockProps['merchandising']) ?? {},
  };
}

/** Island entry ('restock'): the back-in-stock signup for a sold-out variant. */
export function mount(element: HTMLElement, props: unknown): void {
  const resolved = resolveProps(element, props);
  if (!resolved) return;
  element.textContent = '';
  createRoot(element).render(<RestockWidget {...resolved} events={element} />);
}
