import { mountInto } from '../mount-into';
import { ReviewsList } from './reviews-list';

/**
 * Island entry ('reviews'): the review list and form under a product. Its marker carries
 * `data-island-when="visible"`, so this chunk loads only when the reviews scroll into view
 * (spec §7 "lazy chunks for … reviews"); the star summary is in the server HTML.
 */
export function mount(element: HTMLElement): void {
  const productId = element.dataset.itemId;
  const slot = element.querySelector<HTMLElement>('[data-reviews-slot]');
  if (!productId || !slot) return;
  mountInto(slot, <ReviewsList productId={productId} />);
}
