// The newer tracker and the commerce event payloads, loaded together on the first event
// (an add to cart, an order confirmed) so pages that send none do not download them.
export { createEventTracker } from './event-tracker';
export { addToCartContent, checkoutConfirmedContent, productViewContent } from './commerce-events';
