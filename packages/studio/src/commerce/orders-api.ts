import type { ApiInput, ApiOutput } from '@store/api/client';
import { formatMoney } from '@store/commerce';
import { ApiFailure, NETWORK_ERROR, call } from '../api';

export type OrderSummary = ApiOutput<'GET /api/commerce/orders'>['orders'][number];
export type OrderQuery = NonNullable<ApiInput<'GET /api/commerce/orders'>['query']>;
export type OrderStatus = OrderSummary['status'];
export type OwnerOrder = ApiOutput<'POST /api/commerce/orders/:id/capture'>['order'];
/** The one-order read: the owner's fields are present because the owner reads it. */
export type OrderRead = ApiOutput<'GET /api/commerce/orders/:id'>['order'];

export const orderStatuses: OrderStatus[] = ['PENDING', 'PAID', 'FULFILLED', 'CANCELED', 'REFUNDED'];

export const statusLabels: Record<OrderStatus, string> = {
  PENDING: 'Pending payment',
  PAID: 'Paid',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
  REFUNDED: 'Refunded',
};

export const ordersPath = (id?: string) =>
  id ? `/config/commerce/orders/${encodeURIComponent(id)}` : '/config/commerce/orders';

export function money(cents: number, currency: string): string {
  try {
    return formatMoney(cents, currency);
  } catch {
    return `${cents} ${currency}`;
  }
}

/** The server's message for a failed call (it already says what went wrong and what to do). */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiFailure) return error.message;
  return NETWORK_ERROR;
}

export const ordersApi = {
  list: (query: OrderQuery) => call('GET /api/commerce/orders', { query }),
  read: (id: string) => call('GET /api/commerce/orders/:id', { params: { id }, query: {} }),
  capture: (id: string) => call('POST /api/commerce/orders/:id/capture', { params: { id } }),
  /** An order that ships needs its tracking number; downloads and services have none. */
  fulfill: (id: string, trackingNumber?: string, carrier?: string) =>
    call('POST /api/commerce/orders/:id/fulfill', {
      params: { id },
      body: trackingNumber ? { trackingNumber, ...(carrier ? { carrier } : {}) } : {},
    }),
  cancel: (id: string) => call('POST /api/commerce/orders/:id/cancel', { params: { id } }),
  refund: (id: string, amountCents?: number) =>
    call('POST /api/commerce/orders/:id/refund', {
      params: { id },
      body: amountCents === undefined ? {} : { amountCents },
    }),
};
