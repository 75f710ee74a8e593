import type { OrderStatus } from '../../db/schema/commerce';

export { ORDER_MESSAGES } from '@store/api';

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
