import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './helpers';

/**
 * What a product page ships: the runtime files come precompressed (brotli or gzip, by the
 * request's Accept-Encoding) and a visitor without a cart gets no cart-island chunk.
 */
describe('storefront runtime assets', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ build: true });
  });
  afterAll(() => server?.stop());

  async function scriptsOf(path: string): Promise<string[]> {
    const html = await (await fetch(`${server.url}${path}`)).text();
    return [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
  }

  it('serves each runtime file precompressed, identical once decoded', async () => {
    const [entry] = await scriptsOf('/shop/p/classic-tee');
    expect(entry).toMatch(/^\/assets\/runtime\/assets\/main-[\w-]+\.js$/);
    const plain = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    const original = Buffer.from(await plain.arrayBuffer());
    const br = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer())).toEqual(original); // fetch decodes br
    const gz = await fetch(`${server.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gz.arrayBuffer())).toEqual(original);
    expect(original.length).toBeGreaterThan(1000);
  });

  it('preloads the product island with React but no cart islands on a product page', async () => {
    const files = (await scriptsOf('/shop/p/classic-tee')).map((f) => f.split('/').pop()?.split('-')[0]);
    expect(files).toEqual(expect.arrayContaining(['main', 'product', 'react', 'shop']));
    expect(files).not.toContain('cart');
    // A page with no island loads only the entry: no React.
    expect((await scriptsOf('/about')).map((f) => f.split('/').pop()?.split('-')[0])).toEqual(['main']);
  });
});
