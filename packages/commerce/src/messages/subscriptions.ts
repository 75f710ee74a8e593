/** Subscriptions (spec §8: price text falls back to "Unavailable") */
export const SUBSCRIPTION_ERRORS = {
  SUBSCRIPTION_UNAVAILABLE: 'Unavailable',
  NOT_SUBSCRIBABLE: 'This product is not available as a subscription.',
} as const;
