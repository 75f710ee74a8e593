import { pageData } from './page-data';

/**
 * RecordQuickView (spec §7): a beacon naming the item, with the visitor record and page URL.
 * Fire and forget: a failed beacon never stops the dialog.
 */
export function recordQuickView(itemId: string): void {
  // Read here rather than through ./cookies: sharing that module with the entry would make the
  // bundler split it into one more file every page loads.
  const visitor = /(?:^|;\s*)ss_cvr=([^;]*)/.exec(document.cookie)?.[1];
  const body = JSON.stringify({
    visitorCookie: visitor ? decodeURIComponent(visitor) : undefined,
    url: location.href,
  });
  const url = `/api/census/RecordQuickView/${encodeURIComponent(itemId)}`;
  // fetch with keepalive, not sendBeacon: a JSON Blob is not a CORS-safelisted beacon body.
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Quick view buttons (template `product-quick-view` span, matched by `selector`), by click or
 * Enter/Space: record the view and open the product in a dialog. The dialog's code (React,
 * the product form) loads on the first use, so the grid does not pay for it up front.
 */
export function wireQuickView(selector: string): void {
  const open = (event: Event) => {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(selector);
    if (!target) return;
    if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
    const page = pageData();
    const product = page.products[target.dataset.id ?? ''];
    if (!product) return;
    event.preventDefault();
    recordQuickView(product.id);
    import('./islands/quick-view/quick-view-dialog')
      .then((m) => m.openQuickView(product, page))
      // Without the dialog the visitor still gets the product: its page.
      .catch(() => window.location.assign(product.fullUrl));
  };
  document.addEventListener('click', open);
  document.addEventListener('keydown', open);
  // The buttons answer from here on (browser tests wait for it, as they do for islands).
  document.documentElement.dataset.quickView = 'ready';
}
