// Subscriptions: price wording.
export { subscriptionPriceText } from './subscription-price-text';
