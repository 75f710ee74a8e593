import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { stripeOrigins } from '../../src/plugins/checkout-csp';
import { SECURITY_HEADERS } from '../../src/plugins/security-headers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

const PK = 'pk_test_51JuniperCheckoutPublishable';
const SK = 'sk_test_51JuniperCheckoutSecret4321';
const CONFIG_URL = '/api/commerce/payments/config';
// Addresses of a local stand-in: nothing is fetched from them here, only named in the policy.
const JS_URL = 'http://127.0.0.1:9411/js/v3/';
const API_BASE = 'http://127.0.0.1:9422';

const DEFAULT_POLICY = SECURITY_HEADERS.find(([name]) => name === 'content-security-policy')?.[1];

/** A Content-Security-Policy header as directive → sources. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

async function choose(site: TestSite, owner: string, provider: 'test' | 'stripe') {
  const res = await site.request({
    method: 'PUT',
    url: '/api/owner/store/payments',
    cookies: { siteUserSession: owner },
    payload: { provider, captureMode: 'automatic', publishableKey: PK, secretKey: SK },
  });
  expect(res.statusCode).toBe(200);
}

describe('STRIPE_JS_URL', () => {
  it('is unset by default and must be an http(s) address', () => {
    expect(loadConfig({}).stripeJsUrl).toBeUndefined();
    expect(loadConfig({ STRIPE_JS_URL: JS_URL }).stripeJsUrl).toBe(JS_URL);
    for (const bad of ['js.stripe.com/v3', 'javascript:alert(1)', 'https://js.stripe.com']) {
      expect(() => loadConfig({ STRIPE_JS_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ STRIPE_JS_URL: bad })).toThrow('STRIPE_JS_URL must be');
    }
  });
});

describe('stripeOrigins', () => {
  it("Stripe's own origins for its own Stripe.js, whatever API address the server uses", () => {
    const own = {
      'script-src': ['https://js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ['https://api.stripe.com'],
    };
    expect(stripeOrigins({})).toEqual(own);
    expect(stripeOrigins({ stripeApiBase: API_BASE })).toEqual(own);
    expect(stripeOrigins({ stripeJsUrl: JS_URL })).toEqual({
      'script-src': ['http://127.0.0.1:9411'],
      'frame-src': ['http://127.0.0.1:9411'],
      'connect-src': ['https://api.stripe.com'],
    });
  });
});

describe.each(backends)('the checkout page learns the payment provider on %s', (backend) => {
  let site: TestSite;
  let stripeOwn: TestSite;
  let owner: string;
  beforeAll(async () => {
    const secretsKey = randomBytes(32);
    site = await createTestSite(backend, {
      config: { secretsKey, stripeJsUrl: JS_URL, stripeApiBase: API_BASE },
    });
    stripeOwn = await createTestSite(backend, { config: { secretsKey } });
    owner = await sessionOf(site, 'owner');
  });
  afterAll(async () => {
    await site?.app.close();
    await stripeOwn?.app.close();
  });

  const page = (s: TestSite, url: string) => s.request({ method: 'GET', url });

  it('test mode: the test card form, and the checkout page keeps the usual policy', async () => {
    const res = await page(site, CONFIG_URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'test' });
    expect(res.headers['cache-control']).toBe('no-store');
    const checkout = await page(site, '/checkout');
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-security-policy']).toBe(DEFAULT_POLICY);
    expect(String(checkout.headers['content-security-policy'])).not.toContain('127.0.0.1');
  });

  it('Stripe: the publishable key and Stripe.js address; only the checkout pages allow its origins', async () => {
    await choose(site, owner, 'stripe');
    const res = await page(site, CONFIG_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      provider: 'stripe',
      publishableKey: PK,
      livemode: false,
      scriptUrl: JS_URL,
    });
    // No secret ever goes to the page.
    expect(res.body).not.toContain(SK);

    const base = directives(DEFAULT_POLICY);
    for (const url of ['/checkout', '/checkout/', '/checkout/subscription', '/checkout?x=1']) {
      // Twice: the second answer comes from the page cache and carries the policy too.
      for (const _ of [1, 2]) {
        const checkout = await page(site, url);
        expect(checkout.statusCode).toBe(200);
        const csp = directives(checkout.headers['content-security-policy']);
        expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:9411']);
        expect(csp['frame-src']).toEqual(["'self'", 'http://127.0.0.1:9411']);
        expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9422']);
        // Nothing else loosened.
        const { 'script-src': _s, 'frame-src': _f, 'connect-src': _c, ...rest } = csp;
        const { 'script-src': _bs, 'frame-src': _bf, 'connect-src': _bc, ...baseRest } = base;
        expect(rest).toEqual(baseRest);
      }
    }
    for (const url of ['/', '/cart', '/shop', '/checkout/order-confirmed', '/checkoutx', CONFIG_URL]) {
      const other = await page(site, url);
      expect(other.headers['content-security-policy'], url).toBe(DEFAULT_POLICY);
    }
  });

  it('back to test mode: the next checkout page is strict again', async () => {
    await choose(site, owner, 'test');
    expect((await page(site, CONFIG_URL)).json()).toEqual({ provider: 'test' });
    expect((await page(site, '/checkout')).headers['content-security-policy']).toBe(DEFAULT_POLICY);
  });

  it("without addresses configured: Stripe's own script and the origins Stripe documents for Elements", async () => {
    await choose(stripeOwn, await sessionOf(stripeOwn, 'owner'), 'stripe');
    const res = await page(stripeOwn, CONFIG_URL);
    expect(res.json()).toMatchObject({ provider: 'stripe', scriptUrl: 'https://js.stripe.com/v3/' });
    const csp = directives((await page(stripeOwn, '/checkout')).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
  });
});
