import type { ApiOutput } from '@store/api/client';
import { ApiFailure, NETWORK_ERROR, call } from '../api';

export type OutboxPage = ApiOutput<'GET /api/owner/outbox'>;
export type OutboxMessage = OutboxPage['messages'][number];
export type MailStatus = OutboxMessage['status'];
export type TestResult = ApiOutput<'POST /api/owner/outbox/test'>;

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  PENDING: 'Waiting',
  SENT: 'Sent',
  FAILED: 'Failed',
};

/** What each kind of message is, as the owner reads it. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'form-submission': 'Form submission',
  restock: 'Back in stock',
  'order-receipt': 'Order receipt',
  'order-notice': 'New order notice',
  'order-shipped': 'Order shipped',
  'order-canceled': 'Order canceled',
  'order-refunded': 'Order refunded',
  'order-review-request': 'Reviews request',
  'gift-card': 'Gift card',
  'smtp-test': 'SMTP test',
  invitation: 'Invitation',
  'contributor-invitation': 'Invitation',
  'password-reset': 'Password reset',
  'booking-confirmed': 'Booking confirmed',
  'membership-confirmed': 'Membership confirmed',
  'booking-rescheduled': 'Booking moved',
  'booking-cancelled': 'Booking cancelled',
  'booking-reminder': 'Booking reminder',
  'booking-staff-notice': 'Booking notice to staff',
  'subscription-payment-failed': 'Renewal payment failed',
  'subscription-cancelled': 'Subscription ended',
  'cart-reminder': 'Cart reminder',
};

export function mailFailure(error: unknown): string {
  return error instanceof ApiFailure ? error.message : NETWORK_ERROR;
}

export const mailApi = {
  list: (query: { status?: MailStatus; cursor?: string }) => call('GET /api/owner/outbox', { query }),
  retry: (id: string) => call('POST /api/owner/outbox/:id/retry', { params: { id } }),
  test: () => call('POST /api/owner/outbox/test'),
};
