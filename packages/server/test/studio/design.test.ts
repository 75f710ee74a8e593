import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, eventually, listenSiteChanged, ownerClient } from './studio-helpers';

describe.each(backends)('site styles (design) on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('reads the defaults, then saves colours, fonts and buttons that every page shows at once', async () => {
    expect((await call('GET', '/api/studio/site-styles')).json()).toMatchObject({
      accentColor: '#2f5d50',
      headingFont: 'system',
    });
    const listener = await listenSiteChanged(backend);
    const res = await call('PUT', '/api/studio/site-styles', {
      accentColor: 'hsl(45, 100%, 50%)',
      textColor: '#222',
      backgroundColor: 'white',
      headingFont: 'playfair-display',
      bodyFont: 'inter',
      buttonShape: 'square',
      spacing: 'airy',
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    for (const url of ['/', '/shop', '/shop/p/classic-tee']) {
      const html = (await site.request({ method: 'GET', url })).body;
      // A light accent (luminance ≥ 0.65) gets dark button text.
      expect(html, url).toContain(
        '--accent:rgb(255, 191, 0);--accent-ink:#1d1d1f;--ink:rgb(34, 34, 34);--bg:rgb(255, 255, 255)',
      );
      expect(html, url).toContain(
        'url(/assets/fonts/playfair-display/playfair-display-latin-700-normal.woff2)',
      );
      // Every button reads the shape from one variable; a light accent's outline text is the ink.
      expect(html, url).toContain('--accent-text:rgb(34, 34, 34);--button-radius:0;');
    }
    const font = await site.request({
      method: 'GET',
      url: '/assets/fonts/inter/inter-latin-400-normal.woff2',
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(
      (await site.request({ method: 'GET', url: '/assets/fonts/inter/..%2Fpackage.json' })).statusCode,
    ).toBe(404);
  });

  it.each([
    [{ accentColor: 'not-a-colour' }, 'accentColor'],
    [{ headingFont: 'comic-sans' }, 'headingFont'],
    [{ buttonShape: 'blob' }, 'buttonShape'],
  ])('refuses %j with 400', async (payload, field) => {
    const res = await call('PUT', '/api/studio/site-styles', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });
});
