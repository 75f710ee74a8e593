/**
 * The product page gallery (server markup `[data-product-gallery]`), loaded on its first
 * click so the product page's JavaScript budget holds: a thumbnail shows its picture as the
 * main image; the main image opens the zoomable lightbox (its own lazy chunk).
 */
export function onGalleryClick(root: HTMLElement, event: MouseEvent): void {
  const target = event.target as HTMLElement;
  const main = root.querySelector<HTMLImageElement>('[data-product-image]');
  const thumb = target.closest<HTMLButtonElement>('.product-thumb');
  if (thumb && main) {
    main.removeAttribute('srcset');
    main.src = thumb.dataset.src ?? main.src;
    for (const t of root.querySelectorAll('.product-thumb'))
      t.setAttribute('aria-current', String(t === thumb));
    return;
  }
  if (!target.closest('[data-product-zoom]') || !main) return;
  const thumbs = [...root.querySelectorAll<HTMLElement>('.product-thumb')].map((t) => t.dataset.src ?? '');
  const urls = thumbs.length > 0 ? thumbs : [main.currentSrc || main.src];
  const current = Math.max(
    0,
    urls.findIndex((u) => main.src.endsWith(u)),
  );
  void import('./lightbox').then((m) => m.openLightbox(urls, current, main.alt));
}
