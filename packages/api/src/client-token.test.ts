import { describe, expect, it } from 'vitest';
import { createClient } from './client';

describe('typed client with an API token', () => {
  it('sends the token as a bearer header to the given origin', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const call = createClient({
      token: 'jnp_example',
      baseUrl: 'https://shop.example.com',
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      }) as unknown as typeof fetch,
    });
    await call('DELETE /api/studio/api-tokens/:id', { params: { id: 't1' } });
    expect(calls[0]?.url).toBe('https://shop.example.com/api/studio/api-tokens/t1');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer jnp_example' });
  });
});
