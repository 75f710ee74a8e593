import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLATFORM_MESSAGES } from '@store/api';
import { fillMessage } from '@store/commerce';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../src/db/schema/index';
import { addressRange, checkHost, isPublicAddress } from '../../src/services/webhooks/address-guard';
import { postWebhook } from '../../src/services/webhooks/sender';
import { signatureHeader, verifySignature } from '../../src/services/webhooks/signing';
import { queueWebhookEvent } from '../../src/services/webhooks/webhook-events';
import {
  RETRY_WINDOW_MS,
  deliverDueWebhooks,
  webhookBackoffMs,
} from '../../src/services/webhooks/webhook-worker';
import { createSecretBox } from '../../src/services/payments/secret-box';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

/** A local server that counts what reaches it and answers `status` (with a Location for 3xx). */
async function listener(status = 200, location?: string) {
  let hits = 0;
  const server = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    response.writeHead(status, location ? { location } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('which addresses webhooks may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['not an address', 'invalid'],
  ])('%s is refused (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('checks every address a name resolves to: one private address refuses it', async () => {
    const resolve = async (host: string) =>
      host === 'mixed.example' ? ['93.184.216.34', '10.0.0.7'] : ['93.184.216.34'];
    expect(await checkHost('mixed.example', { allowPrivate: false, resolve })).toEqual({
      ok: false,
      why: 'private',
      host: 'mixed.example',
      address: '10.0.0.7',
    });
    expect((await checkHost('public.example', { allowPrivate: false, resolve })).ok).toBe(true);
    expect((await checkHost('[::1]', { allowPrivate: false, resolve })).ok).toBe(false);
    expect((await checkHost('mixed.example', { allowPrivate: true, resolve })).ok).toBe(true);
  });
});

describe('sending to a forbidden or redirecting address', () => {
  it('never connects to a loopback receiver, by address or by a name that resolves to it', async () => {
    const local = await listener();
    try {
      const byAddress = await postWebhook(
        `https://127.0.0.1:${local.port}/`,
        '{}',
        {},
        { allowPrivate: false },
      );
      expect(byAddress).toMatchObject({ ok: false, status: null });
      const resolve = async () => ['127.0.0.1'];
      const byName = await postWebhook(
        `https://hooks.example:${local.port}/`,
        '{}',
        {},
        { allowPrivate: false, resolve },
      );
      expect(byName.ok).toBe(false);
      if (!byName.ok) expect(byName.error).toContain('127.0.0.1');
      // http is only for receivers on a private network, and only where those are allowed.
      const plain = await postWebhook(
        `http://93.184.216.34:${local.port}/`,
        '{}',
        {},
        { allowPrivate: false },
      );
      expect(plain).toMatchObject({ ok: false, error: 'Only https:// addresses are sent to.' });
      expect(local.hits()).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('a name that changes its answer between the check and the connection (DNS rebinding) is refused', async () => {
    let calls = 0;
    const resolve = async () => (calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    const result = await postWebhook('https://rebind.example/', '{}', {}, { allowPrivate: false, resolve });
    expect(calls).toBe(2);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('private or loopback');
  });

  it('does not follow a redirect (to an internal address or anywhere): a 3xx is a failed attempt', async () => {
    const inside = await listener();
    const redirecting = await listener(307, `http://127.0.0.1:${inside.port}/admin`);
    try {
      const result = await postWebhook(
        `http://127.0.0.1:${redirecting.port}/`,
        '{}',
        {},
        { allowPrivate: true },
      );
      expect(result).toMatchObject({ ok: false, status: 307 });
      expect(redirecting.hits()).toBe(1);
      expect(inside.hits()).toBe(0);
    } finally {
      await inside.close();
      await redirecting.close();
    }
  });
});

describe('signatures', () => {
  it('verify with the secret and the exact body, within five minutes', () => {
    const body = '{"id":"evt_1","type":"order.paid"}';
    const header = signatureHeader('whsec_test', body, 1_700_000_000);
    expect(verifySignature(header, body, 'whsec_test', { now: 1_700_000_100 })).toBe(true);
    expect(verifySignature(header, `${body} `, 'whsec_test', { now: 1_700_000_100 })).toBe(false);
    expect(verifySignature(header, body, 'whsec_other', { now: 1_700_000_100 })).toBe(false);
    expect(verifySignature(header, body, 'whsec_test', { now: 1_700_000_400 })).toBe(false);
    expect(verifySignature(undefined, body, 'whsec_test')).toBe(false);
  });
});

describe.each(backends)('webhook endpoints and retries on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const secretsKey = randomBytes(32);

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey } });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  }, 120_000);
  afterAll(() => site.app.close());

  const create = (url: string, events = ['order.paid']) =>
    site.request({ method: 'POST', url: '/api/studio/webhooks', cookies: owner, payload: { url, events } });

  it('refuses loopback, private and plain-http URLs when private targets are not allowed', async () => {
    const loopback = await create('https://127.0.0.1/hooks');
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json().reason).toBe('WEBHOOK_URL_PRIVATE');
    expect(loopback.json().error.message).toBe(
      fillMessage(PLATFORM_MESSAGES.urlPrivate, { host: '127.0.0.1', address: '127.0.0.1' }),
    );
    expect((await create('https://169.254.169.254/latest/meta-data')).json().reason).toBe(
      'WEBHOOK_URL_PRIVATE',
    );
    expect((await create('https://[::1]/')).statusCode).toBe(400);
    expect((await create('http://93.184.216.34/')).json().reason).toBe('WEBHOOK_URL_INVALID');
    expect((await create('https://user:pw@93.184.216.34/')).json().reason).toBe('WEBHOOK_URL_INVALID');
    expect((await create('https://93.184.216.34/', [])).statusCode).toBe(400);
  });

  it('retries with backoff and gives up three days after the event; a re-send starts again', async () => {
    const made = await create('https://93.184.216.34/hooks', ['form.submitted']);
    expect(made.statusCode, made.body).toBe(201);
    const { endpoint } = made.json();
    const db = site.app.database.db;
    // Queued due an hour from now, in one transaction: the app's own worker (real clock) leaves
    // it to this test's clock.
    let clock = Date.now() + 3_600_000;
    const eventId = await db.transaction(async (tx) => {
      const id = await queueWebhookEvent(tx, site.websiteId, 'form.submitted', () => ({ form: 'contact' }));
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(clock), queuedAt: new Date(clock) })
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      return id;
    });
    expect(eventId).toMatch(/^evt_/);
    // No subscriber, nothing queued.
    expect(await queueWebhookEvent(db, site.websiteId, 'booking.made', () => ({}))).toBeNull();

    const sent: string[] = [];
    const options = {
      allowPrivate: false,
      secrets: () => ({ ok: true as const, box: createSecretBox(secretsKey) }),
      now: () => new Date(clock),
      send: async (_url: string, _body: string, headers: Record<string, string>) => {
        sent.push(Object.values(headers).join(' '));
        return { ok: false as const, status: 503, durationMs: 3, error: 'Answered 503.' };
      },
    };
    const row = async () =>
      (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0];
    const waits: number[] = [];
    for (let i = 0; i < 40 && (await row())?.status === 'PENDING'; i++) {
      const before = await row();
      clock = Math.max(clock, before?.nextAttemptAt.getTime() ?? clock);
      expect(await deliverDueWebhooks(db, options)).toBe(1);
      const after = await row();
      if (after?.status === 'PENDING') waits.push((after.nextAttemptAt.getTime() - clock) / 1000);
    }
    const failed = await row();
    expect(failed).toMatchObject({ status: 'FAILED', lastResponseCode: 503, lastError: 'Answered 503.' });
    expect(waits.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(webhookBackoffMs(100) / 1000);
    expect(clock - (failed?.queuedAt.getTime() ?? 0)).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(sent.length).toBe(failed?.attempts);

    const listed = await site.request({
      method: 'GET',
      url: `/api/studio/webhooks/${endpoint.id}/deliveries`,
      cookies: owner,
    });
    expect(listed.json().deliveries[0]).toMatchObject({
      status: 'FAILED',
      lastResponseCode: 503,
      lastDurationMs: 3,
    });
    // Switched off first, so the app's worker does not send the re-sent delivery for real.
    const off = await site.request({
      method: 'PUT',
      url: `/api/studio/webhooks/${endpoint.id}`,
      cookies: owner,
      payload: { enabled: false },
    });
    expect(off.json().endpoint.enabled).toBe(false);
    const unchanged = await site.request({
      method: 'PUT',
      url: `/api/studio/webhooks/${endpoint.id}`,
      cookies: owner,
      payload: {},
    });
    expect(unchanged.json().endpoint).toMatchObject({ id: endpoint.id, enabled: false });
    const resent = await site.request({
      method: 'POST',
      url: `/api/studio/webhooks/${endpoint.id}/deliveries/${failed?.id}/resend`,
      cookies: owner,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().delivery).toMatchObject({ status: 'PENDING', attempts: 0, eventId });
    const other = await site.request({
      method: 'POST',
      url: `/api/studio/webhooks/${endpoint.id}/deliveries/nope/resend`,
      cookies: owner,
    });
    expect(other.statusCode).toBe(404);
    await site.request({ method: 'DELETE', url: `/api/studio/webhooks/${endpoint.id}`, cookies: owner });
  });
});
