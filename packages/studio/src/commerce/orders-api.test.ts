import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../api';
import { ordersApi } from './orders-api';

const call = vi.hoisted(() => vi.fn());
vi.mock('../api', async (original) => ({ ...(await original<typeof import('../api')>()), call }));

const offline = () => new ApiFailure(0, 'NETWORK', 'Unable to connect. Please try again', false, true);
const keyOf = (n: number) => call.mock.calls[n]?.[1].headers['idempotency-key'] as string;

describe('order money actions', () => {
  beforeEach(() => call.mockReset());

  it('send an Idempotency-Key; a new action is a new key', async () => {
    call.mockResolvedValue({ order: {} });
    await ordersApi.refund('o1', 500);
    await ordersApi.refund('o1', 500);
    expect(call.mock.calls[0]?.[0]).toBe('POST /api/commerce/orders/:id/refund');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('the same action after a lost answer re-sends its key (the server answers it once)', async () => {
    call.mockRejectedValueOnce(offline()).mockResolvedValue({ order: {} });
    await expect(ordersApi.refund('o1', 500)).rejects.toBeInstanceOf(ApiFailure);
    await ordersApi.refund('o1', 500);
    expect(keyOf(1)).toBe(keyOf(0));
    // Another amount is another refund.
    await ordersApi.refund('o1', 700);
    expect(keyOf(2)).not.toBe(keyOf(0));
  });

  it('a refusal is an answer: trying again is a new request', async () => {
    call
      .mockRejectedValueOnce(new ApiFailure(409, 'ORDER_STATE_CONFLICT', 'No.'))
      .mockResolvedValue({ order: {} });
    await expect(ordersApi.capture('o2')).rejects.toBeInstanceOf(ApiFailure);
    await ordersApi.capture('o2');
    expect(keyOf(1)).not.toBe(keyOf(0));
  });
});
