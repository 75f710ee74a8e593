import type { OrderStatus } from '../../db/schema/commerce';

/** What the owner reads when an order action does not apply (409 ORDER_STATE_CONFLICT). */
export const ORDER_MESSAGES = {
  notFound: 'We could not find that order.',
  busy: 'Another change to this order is being made. Try again in a moment.',
  providerSilent:
    'The payment provider did not answer. The change is retried automatically within a few minutes; check the order again then.',
  providerGone:
    'The payment provider that took this payment is not connected any more. Reconnect it in Store settings → Payments.',
  capture: 'Only a pending order can be captured; this order is {status}.',
  fulfill: 'Only a paid order can be marked fulfilled; this order is {status}.',
  cancel: 'Only a pending or paid order can be canceled; this order is {status}.',
  refund: 'Only a paid or fulfilled order can be refunded; this order is {status}.',
  trackingRequired: 'Enter a tracking number.',
  nothingToRefund: 'Nothing is left to refund on this order.',
  refundTooLarge: 'The refund cannot be more than the {remaining} still refundable.',
  changedMeanwhile: 'This order was changed by someone else meanwhile; reload it and try again.',
} as const;

const STATUS_WORDS: Record<OrderStatus, string> = {
  PENDING: 'pending payment',
  PAID: 'paid',
  FULFILLED: 'fulfilled',
  CANCELED: 'canceled',
  REFUNDED: 'refunded',
};

export function statusWord(status: OrderStatus): string {
  return STATUS_WORDS[status];
}
