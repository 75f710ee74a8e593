import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateRoutes, pagesKey } from './api-query';
import { apiKey, keyValues, routeKey, routeOf } from './query-keys';

describe('query keys', () => {
  it('are the route plus the params and query that pick the answer', () => {
    const values = keyValues({ params: { formId: 'f1' }, query: { q: 'ada', cursor: undefined } });
    expect(values).toEqual({ formId: 'f1', q: 'ada' });
    expect(apiKey('GET /api/owner/forms/:formId/submissions', values)).toEqual([
      'GET /api/owner/forms/:formId/submissions',
      { formId: 'f1', q: 'ada' },
    ]);
  });

  it('leave out undefined and empty values, so an unset filter is the unfiltered list', () => {
    expect(apiKey('GET /api/commerce/orders', keyValues({ query: { q: '', status: undefined } }))).toEqual([
      'GET /api/commerce/orders',
    ]);
    expect(apiKey('GET /api/commerce/orders', { status: 'PAID', q: undefined })).toEqual([
      'GET /api/commerce/orders',
      { status: 'PAID' },
    ]);
    // 0 and false pick answers too: they stay.
    expect(keyValues({ query: { type: 0, archived: false } })).toEqual({ type: 0, archived: false });
  });

  it('tell the route of an API key and nothing else', () => {
    expect(routeOf(apiKey('GET /api/commerce/orders', { status: 'PAID' }))).toBe('GET /api/commerce/orders');
    expect(routeOf(['orders', 1])).toBeUndefined();
    expect(routeOf([])).toBeUndefined();
    expect(routeKey('GET /api/studio/commerce/tax-rules')).toEqual(['GET /api/studio/commerce/tax-rules']);
  });

  it('give cursor lists their own key under the route', () => {
    expect(pagesKey('GET /api/commerce/orders', {})).toEqual(['GET /api/commerce/orders', 'pages']);
    expect(pagesKey('GET /api/commerce/orders', { q: 'x' })).toEqual([
      'GET /api/commerce/orders',
      { q: 'x' },
      'pages',
    ]);
  });
});

describe('invalidating routes after a write', () => {
  it('marks every filter and page of the named routes stale, and nothing else', async () => {
    const client = new QueryClient();
    const paid = apiKey('GET /api/commerce/orders', { status: 'PAID' });
    const all = pagesKey('GET /api/commerce/orders', {});
    const taxes = apiKey('GET /api/studio/commerce/tax-rules');
    for (const key of [paid, all, taxes]) client.setQueryData(key, { any: true });
    await invalidateRoutes(client, ['GET /api/commerce/orders']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(paid)).toBe(true);
    expect(stale(all)).toBe(true);
    expect(stale(taxes)).toBe(false);
  });

  it('does not touch a route that only starts with the same text', async () => {
    const client = new QueryClient();
    const one = apiKey('GET /api/commerce/orders/:id', { id: 'o1' });
    client.setQueryData(one, {});
    await invalidateRoutes(client, ['GET /api/commerce/orders']);
    expect(client.getQueryState(one)?.isInvalidated).toBe(false);
  });
});
