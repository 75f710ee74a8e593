// The subscription price wording (spec §9), loaded only by a subscription's product page: the
// other product pages do not download it (budget: 80 KB of JavaScript gzipped).
export { subscriptionPriceText } from '@store/commerce';
