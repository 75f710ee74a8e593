import { pageData } from './page-data';

/**
 * Quick view (template `product-quick-view` span, matched by `selector`): open the product,
 * by click or Enter/Space.
 */
export function wireQuickView(selector: string): void {
  const open = (event: Event) => {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(selector);
    if (!target) return;
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    const url = pageData().products[target.dataset.id ?? '']?.fullUrl;
    if (!url) return;
    event.preventDefault();
    window.location.assign(url);
  };
  document.addEventListener('click', open);
  document.addEventListener('keydown', open);
}
