import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_SETTINGS_MESSAGES as M } from '@store/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { paymentSettings } from '../../src/db/schema/index';
import { createSecretBox } from '../../src/services/payments/secret-box';
import { sitePayments } from '../../src/services/payments/site-payments';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';

const URL = '/api/owner/store/payments';
const PK = 'pk_test_51JuniperPublishableKey';
const SK = 'sk_test_51JuniperSecretKeyValue9876';
const WHSEC = 'whsec_JuniperWebhookSigningSecret4321';
const LIVE_PK = 'pk_live_51JuniperPublishableKey';
const LIVE_SK = 'sk_live_51JuniperSecretKeyValue5555';
const stripe = (extra: Record<string, unknown> = {}) => ({
  provider: 'stripe',
  captureMode: 'automatic',
  publishableKey: PK,
  secretKey: SK,
  webhookSecret: WHSEC,
  ...extra,
});

/** Every answer body this file saw: none may ever hold a secret. */
const bodies: string[] = [];
const seen = (res: LightMyRequestResponse) => {
  bodies.push(res.body);
  return res;
};

type Who = { cookie: string };
function client(site: TestSite, app: FastifyInstance = site.app) {
  const crumb = app.crumbs.issue(site.websiteId);
  return (who: Who, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app
      .inject({
        method,
        url,
        headers: {
          host: site.host,
          'x-csrf-token': crumb,
          cookie: `crumb=${crumb}; siteUserSession=${who.cookie}`,
        },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      })
      .then(seen);
}

/** A second server on the same database (another process, another configuration). */
async function sibling(backend: Backend, config: Record<string, unknown>): Promise<FastifyInstance> {
  return buildApp({
    database: await testDatabase(backend),
    logger: false,
    config: {
      dataDir: '/nonexistent',
      databaseUrl: undefined,
      logLevel: 'silent',
      smtpUrl: undefined,
      natsUrl: undefined,
      seedDemo: false,
      cartWritesPer10s: 100,
      trustProxy: true,
      ...config,
    },
  });
}

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
  // The last word: whatever was asked, no answer carried a secret.
  for (const body of bodies) for (const secret of [SK, WHSEC, LIVE_SK]) expect(body).not.toContain(secret);
});

describe.each(backends)('payment settings on %s', (backend) => {
  const secretsKey = randomBytes(32);
  let site: TestSite;
  let call: ReturnType<typeof client>;
  let owner: Who;
  const closing: FastifyInstance[] = [];
  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey, stripeApiBase: fake.url } });
    call = client(site);
    owner = { cookie: await sessionOf(site, 'owner') };
  });
  afterAll(async () => {
    await Promise.all(closing.map((app) => app.close()));
    await site.app.close();
  });
  const row = async () => {
    const [r] = await site.app.database.db
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.websiteId, site.websiteId));
    return r;
  };

  it('starts in test mode with nothing stored, and tells the webhook address', async () => {
    const res = await call(owner, 'GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'test',
      captureMode: 'automatic',
      mode: 'test',
      publishableKey: null,
      secretKeyLast4: null,
      webhookSecretLast4: null,
      // Before the public address is set: the site on this server (Settings → Domain & mail).
      webhookUrl: expect.stringMatching(
        new RegExp(`^http://${site.host}(:\\d+)?/api/commerce/payments/stripe/webhook$`),
      ),
      problem: null,
      updatedAt: null,
    });
  });

  it('refuses bad keys with the exact words, by field, and stores nothing', async () => {
    const bad = async (body: object, field: string, message: string) => {
      const res = await call(owner, 'PUT', URL, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().errors[field]).toBe(message);
    };
    await bad(stripe({ publishableKey: 'sk_test_51Oops' }), 'publishableKey', M.publishableKeyFormat);
    await bad(stripe({ secretKey: 'pk_test_51Oops' }), 'secretKey', M.secretKeyFormat);
    await bad(stripe({ secretKey: 'sk_prod_51Oops' }), 'secretKey', M.secretKeyFormat);
    await bad(stripe({ webhookSecret: 'whsk_123456' }), 'webhookSecret', M.webhookSecretFormat);
    await bad(stripe({ secretKey: '' }), 'secretKey', M.secretKeyRequired);
    await bad(stripe({ publishableKey: '  ' }), 'publishableKey', M.publishableKeyRequired);
    await bad(
      stripe({ publishableKey: LIVE_PK }),
      'secretKey',
      'The publishable key is a live key and the secret key a test key: use both test keys or both live keys.',
    );
    await bad(
      stripe({ secretKey: LIVE_SK }),
      'secretKey',
      M.mixedModes.replace('{publishable}', 'test').replace('{secret}', 'live'),
    );
    // Wrong types are the schema's 400, never a 500.
    const wrong = await call(owner, 'PUT', URL, { provider: 'paypal', captureMode: 1, secretKey: 42 });
    expect(wrong.statusCode).toBe(400);
    expect(await row()).toBeUndefined();
  });

  it('saves Stripe: answers last four characters only, and the row holds sealed text', async () => {
    const res = await call(owner, 'PUT', URL, stripe({ secretKey: `  ${SK}\n` }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      publishableKey: PK,
      secretKeyLast4: '9876',
      webhookSecretLast4: '4321',
      problem: null,
    });
    expect(res.body).not.toContain(SK);
    expect(res.body).not.toContain(WHSEC);
    const read = await call(owner, 'GET', URL);
    expect(read.json()).toEqual(res.json());

    const stored = await row();
    expect(stored?.stripeSecretKey).toMatch(/^v1:/);
    expect(stored?.stripeWebhookSecret).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain(SK);
    expect(JSON.stringify(stored)).not.toContain(WHSEC);
    // It opens with the server key, for this site only.
    const box = createSecretBox(secretsKey);
    const context = `payment_settings:${site.websiteId}:secretKey`;
    expect(box.open(stored?.stripeSecretKey ?? '', context)).toEqual({ ok: true, value: SK });
    expect(box.open(stored?.stripeSecretKey ?? '', 'payment_settings:other-site:secretKey').ok).toBe(false);
  });

  it('keeps a stored secret when its field is left empty, and keeps the keys when switching to test mode', async () => {
    const before = await row();
    const manual = await call(owner, 'PUT', URL, {
      provider: 'stripe',
      captureMode: 'manual',
      secretKey: '',
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toMatchObject({
      captureMode: 'manual',
      secretKeyLast4: '9876',
      webhookSecretLast4: '4321',
    });
    const after = await row();
    expect(after?.stripeSecretKey).toBe(before?.stripeSecretKey);
    expect(after?.stripeWebhookSecret).toBe(before?.stripeWebhookSecret);

    const test = await call(owner, 'PUT', URL, { provider: 'test', captureMode: 'automatic' });
    expect(test.json()).toMatchObject({
      provider: 'test',
      mode: 'test',
      publishableKey: PK,
      secretKeyLast4: '9876',
    });
    const back = await call(owner, 'PUT', URL, { provider: 'stripe', captureMode: 'automatic' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ provider: 'stripe', secretKeyLast4: '9876' });
  });

  it('changing only the publishable key to live against a stored test secret is refused', async () => {
    const res = await call(owner, 'PUT', URL, {
      provider: 'stripe',
      captureMode: 'automatic',
      publishableKey: LIVE_PK,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.publishableKey).toBe(
      'The publishable key is a live key and the secret key a test key: use both test keys or both live keys.',
    );
  });

  it('checks the connection against Stripe: stored keys work, a refused key and an unreachable server say so in words', async () => {
    const ok = await call(owner, 'POST', `${URL}/check`, {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, mode: 'test', message: M.connectedTest });

    // Live keys are refused by the local server (it only knows test mode), as Stripe refuses a revoked key.
    const refused = await call(owner, 'POST', `${URL}/check`, {
      publishableKey: LIVE_PK,
      secretKey: LIVE_SK,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().ok).toBe(false);
    expect(refused.json().message).toMatch(/^The secret key was refused by Stripe/);

    const invalid = await call(owner, 'POST', `${URL}/check`, { secretKey: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.secretKey).toBe(M.secretKeyFormat);

    const port = await closedPort();
    const offline = await createTestSite(backend, {
      config: { secretsKey, stripeApiBase: `http://127.0.0.1:${port}` },
    });
    closing.push(offline.app);
    const offlineCall = client(offline);
    const offlineOwner = { cookie: await sessionOf(offline, 'owner') };
    const none = await offlineCall(offlineOwner, 'POST', `${URL}/check`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      publishableKey: M.publishableKeyRequired,
      secretKey: M.secretKeyRequired,
    });
    const unreachable = await offlineCall(offlineOwner, 'POST', `${URL}/check`, {
      publishableKey: PK,
      secretKey: SK,
    });
    expect(unreachable.statusCode).toBe(200);
    expect(unreachable.json().ok).toBe(false);
    expect(unreachable.json().message).toMatch(/^Stripe could not be reached/);
  });

  it('the site resolver gives Stripe when chosen, the fallback otherwise, and follows saves', async () => {
    const fallback = { name: 'test' } as never;
    const resolver = sitePayments(
      site.app.database.db,
      { secretsKey, dataDir: '/nonexistent', stripeApiBase: fake.url },
      { fallback: async () => fallback, databaseKind: backend },
    );
    const chosen = await resolver({ id: site.websiteId });
    expect(chosen.name).toBe('stripe');
    expect(chosen.testMode).toBe(true);
    expect(chosen.browser()).toEqual({ provider: 'stripe', publishableKey: PK, livemode: false });
    expect(await resolver({ id: site.websiteId })).toBe(chosen);
    expect(await chosen.checkConnection?.()).toMatchObject({ ok: true, livemode: false });

    await call(owner, 'PUT', URL, { provider: 'test', captureMode: 'manual' });
    expect(await resolver({ id: site.websiteId })).toBe(fallback);
    expect(await resolver.current({ id: site.websiteId })).toEqual({ provider: fallback, capture: 'manual' });
    // Earlier Stripe payments are still refunded through the kept keys.
    expect((await resolver.named({ id: site.websiteId }, 'stripe'))?.name).toBe('stripe');
    await call(owner, 'PUT', URL, {
      provider: 'stripe',
      captureMode: 'automatic',
      secretKey: 'sk_test_51AnotherKey0000',
    });
    const rebuilt = await resolver({ id: site.websiteId });
    expect(rebuilt.name).toBe('stripe');
    expect(rebuilt).not.toBe(chosen);
  });

  it('a server with another SECRETS_KEY cannot open the keys: it says so, refuses payments and asks for the keys again', async () => {
    const other = await sibling(backend, { secretsKey: randomBytes(32), stripeApiBase: fake.url });
    closing.push(other);
    const otherCall = client(site, other);
    const read = await otherCall(owner, 'GET', URL);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      provider: 'stripe',
      secretKeyLast4: '0000',
      problem: M.secretsUnreadable,
    });
    const save = await otherCall(owner, 'PUT', URL, { provider: 'stripe', captureMode: 'automatic' });
    expect(save.statusCode).toBe(400);
    expect(save.json().errors.secretKey).toBe(M.secretsUnreadable);

    const resolver = sitePayments(
      other.database.db,
      { secretsKey: randomBytes(32), dataDir: '/nonexistent' },
      { fallback: async () => ({ name: 'test' }) as never, databaseKind: backend },
    );
    const provider = await resolver({ id: site.websiteId });
    expect(provider.name).toBe('stripe');
    const charged = await provider.charge({
      amountCents: 1000,
      currency: 'USD',
      token: 'pm_card_visa',
      idempotencyKey: 'checkout:unreadable',
      capture: 'automatic',
      metadata: { reservationId: 'r', websiteId: site.websiteId },
    });
    expect(charged).toEqual({
      state: 'failed',
      message: 'Payments are unavailable right now. Please try again later.',
    });
    expect(fake.paymentIntents.size ?? Object.keys(fake.paymentIntents).length).toBe(0);

    // Typing the keys again on that server makes them usable there.
    const again = await otherCall(owner, 'PUT', URL, stripe());
    expect(again.statusCode).toBe(200);
    expect(again.json().problem).toBeNull();
  });

  it('roles: a Store manager saves, a Viewer reads but cannot save or check, an Editor cannot see it', async () => {
    const manager = await contributorSession(backend, site, 8);
    const viewer = await contributorSession(backend, site, 10);
    const editor = await contributorSession(backend, site, 4);
    expect((await call(manager, 'PUT', URL, stripe({ captureMode: 'manual' }))).statusCode).toBe(200);
    const read = await call(viewer, 'GET', URL);
    expect(read.statusCode).toBe(200);
    expect(read.json().captureMode).toBe('manual');
    const denied = await call(viewer, 'PUT', URL, stripe());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Your role (Viewer) cannot change store settings.');
    expect((await call(viewer, 'POST', `${URL}/check`, {})).statusCode).toBe(403);
    const hidden = await call(editor, 'GET', URL);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.message).toBe('Your role (Editor) cannot see store settings.');
    const anonymous = await site.request({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a save without the crumb is refused', async () => {
    const res = await site.request({
      method: 'PUT',
      url: URL,
      crumb: false,
      cookies: { siteUserSession: owner.cookie },
      payload: stripe(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CRUMB_FAIL');
  });

  it('without SECRETS_KEY, secrets are stored only with a key file beside local PGlite data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-settings-'));
    try {
      // No SECRETS_KEY: PGlite keeps a key file in its data directory; PostgreSQL has nowhere safe.
      const bare = await createTestSite(backend, { config: { dataDir } });
      closing.push(bare.app);
      const bareCall = client(bare);
      const bareOwner = { cookie: await sessionOf(bare, 'owner') };
      const saved = await bareCall(bareOwner, 'PUT', URL, stripe());
      if (backend === 'postgres') {
        expect(saved.statusCode).toBe(422);
        expect(saved.json().error.message).toBe(M.secretsKeyMissing);
        expect((await bareCall(bareOwner, 'GET', URL)).json()).toMatchObject({
          provider: 'test',
          problem: M.secretsKeyMissing,
        });
        // What needs no secret still saves.
        const plain = await bareCall(bareOwner, 'PUT', URL, { provider: 'test', captureMode: 'manual' });
        expect(plain.statusCode).toBe(200);
      } else {
        expect(saved.statusCode).toBe(200);
        const file = path.join(dataDir, 'secrets.key');
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
