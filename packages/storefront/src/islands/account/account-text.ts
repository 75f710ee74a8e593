import { CART_ERRORS } from '@store/commerce';
import { ApiFailure } from '../../api';

/** What a failed call tells the visitor: the server's message, or the offline wording. */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.offline) return CART_ERRORS.NETWORK_ERROR;
    if (error.message) return error.message;
  }
  return 'Something went wrong. Please try again.';
}

/** Field errors of a 400 answer (`errors` keyed by field path), else empty. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  const errors = error.body.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

/** Order states (spec §4) as a buyer reads them. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Payment pending',
  PAID: 'Paid',
  FULFILLED: 'Shipped',
  CANCELED: 'Canceled',
  REFUNDED: 'Refunded',
};

export const statusLabel = (status: string) => ORDER_STATUS_LABELS[status] ?? status;

export const shortDate = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
