import { describe, expect, it } from 'vitest';
import { ApiFailure, NETWORK_ERROR } from '../api';
import { failureMessage, money, orderStatuses, ordersPath, statusLabels } from './orders-api';

describe('order list helpers', () => {
  it('format totals in the order currency, and never throw on a currency the formatter lacks', () => {
    expect(money(2450, 'USD')).toBe('$24.50');
    expect(money(1200, 'JPY')).toContain('1,200');
    expect(money(500, 'XXQ')).toBe('500 XXQ');
  });

  it('link to an order with its id escaped, or to the list', () => {
    expect(ordersPath()).toBe('/config/commerce/orders');
    expect(ordersPath('o/1')).toBe('/config/commerce/orders/o%2F1');
  });

  it('label every status the filter offers', () => {
    for (const s of orderStatuses) expect(statusLabels[s].length).toBeGreaterThan(0);
    expect(statusLabels.PENDING).toBe('Pending payment');
  });

  it("say the server's message, or the network message when there was no answer", () => {
    expect(failureMessage(new ApiFailure(409, 'ORDER_STATE_CONFLICT', 'Already fulfilled.'))).toBe(
      'Already fulfilled.',
    );
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
  });
});
