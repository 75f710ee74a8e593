import { describe, expect, it } from 'vitest';
import { ApiFailure, createClient } from './client';

function recording(answer: { status: number; body: unknown } | 'offline') {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFake = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as unknown as typeof fetch;
  return { calls, fetch: fetchFake };
}

describe('typed client', () => {
  it('fills path parameters and the query, sends JSON and the per-method headers', async () => {
    const fake = recording({ status: 200, body: { shoppingCart: { id: 'c1' } } });
    const call = createClient({
      fetch: fake.fetch,
      headers: (m) => ({ 'x-csrf-token': m === 'GET' ? undefined : 'tok' }),
    });
    await call('PATCH /api/commerce/shopping-cart/entries/:entryId', {
      params: { entryId: 'a/b' },
      body: { quantity: 2 },
    });
    await call('GET /api/commerce/inventory/stock/', { query: { itemId: ['i1', 'i2'] } });
    expect(fake.calls.map((c) => [c.init.method, c.url])).toEqual([
      ['PATCH', '/api/commerce/shopping-cart/entries/a%2Fb'],
      ['GET', '/api/commerce/inventory/stock/?itemId=i1&itemId=i2'],
    ]);
    expect(fake.calls[0]?.init.body).toBe('{"quantity":2}');
    expect(fake.calls[0]?.init.headers).toMatchObject({
      'x-csrf-token': 'tok',
      'content-type': 'application/json',
    });
    expect(fake.calls[1]?.init.headers).not.toHaveProperty('x-csrf-token');
  });

  it('turns the error contract into ApiFailure with code, message, crumbFail and the whole body', async () => {
    const body = { error: { code: 'CRUMB_FAIL', message: 'expired' }, crumbFail: true, errors: { a: 'b' } };
    const call = createClient({ fetch: recording({ status: 403, body }).fetch });
    const failure = await call('POST /api/form/FormSubmissionKey').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 403,
      code: 'CRUMB_FAIL',
      message: 'expired',
      crumbFail: true,
      body,
    });
  });

  it('reports a network failure as offline', async () => {
    const call = createClient({
      fetch: recording('offline').fetch,
      offlineMessage: 'Please check your internet connection.',
    });
    const failure = await call('GET /api/commerce/shopping-cart').catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 0,
      offline: true,
      message: 'Please check your internet connection.',
    });
  });
});
