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

/**
 * Money actions whose answer was lost on the way (network failure), by action, order and
 * amount: doing the same action again re-sends its Idempotency-Key, so one that went through
 * is answered with its result instead of running twice (a refund refunded once).
 */
const unanswered = new Map<string, string>();

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

async function moneyAction<T>(
  action: string,
  send: (headers: { 'idempotency-key': string }) => Promise<T>,
): Promise<T> {
  const key = unanswered.get(action) ?? newKey();
  unanswered.set(action, key);
  try {
    const answer = await send({ 'idempotency-key': key });
    unanswered.delete(action);
    return answer;
  } catch (e) {
    if (!(e instanceof ApiFailure && e.offline)) unanswered.delete(action);
    throw e;
  }
}

export const ordersApi = {
  list: (query: OrderQuery) => call('GET /api/commerce/orders', { query }),
  read: (id: string) => call('GET /api/commerce/orders/:id', { params: { id }, query: {} }),
  capture: (id: string) =>
    moneyAction(`capture:${id}`, (headers) =>
      call('POST /api/commerce/orders/:id/capture', { params: { id }, headers }),
    ),
  /** An order that ships needs its tracking number; downloads and services have none. */
  fulfill: (id: string, trackingNumber?: string, carrier?: string) =>
    call('POST /api/commerce/orders/:id/fulfill', {
      params: { id },
      body: trackingNumber ? { trackingNumber, ...(carrier ? { carrier } : {}) } : {},
    }),
  cancel: (id: string) =>
    moneyAction(`cancel:${id}`, (headers) =>
      call('POST /api/commerce/orders/:id/cancel', { params: { id }, headers }),
    ),
  refund: (id: string, amountCents?: number) =>
    moneyAction(`refund:${id}:${amountCents ?? 'rest'}`, (headers) =>
      call('POST /api/commerce/orders/:id/refund', {
        params: { id },
        body: amountCents === undefined ? {} : { amountCents },
        headers,
      }),
    ),
};
