import { MAIL_SETTINGS_MESSAGES as M } from '@store/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSettings, websites } from '../../src/db/schema/index';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { TEST_SECRETS_KEY } from './mail-helpers';

const URL_ = '/api/owner/mail-settings';
const PASSWORD = 'smtp-pass-Zx81!';

const valid = {
  publicAddress: 'https://shop.example.com',
  senderName: 'Juniper & Oak',
  senderAddress: 'hello@shop.example.com',
  smtp: {
    host: 'smtp.example.com',
    port: 587,
    security: 'starttls' as const,
    user: 'mailer',
    password: PASSWORD,
  },
};

describe.each(backends)('Settings → Domain & mail API on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const put = (payload: Record<string, unknown>, cookies = owner) =>
    site.request({ method: 'PUT', url: URL_, payload, cookies });
  const get = (cookies = owner) => site.request({ method: 'GET', url: URL_, cookies });

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(() => site.app.close());

  it('starts unset: links go to the site on this server (http, its host, the listening port), never https://localhost', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      publicAddress: null,
      senderName: null,
      senderAddress: null,
      smtp: null,
      serverSmtp: false,
      problem: null,
      defaultSender: `"Juniper & Oak" <no-reply@${site.host}>`,
    });
    expect(body.effectiveAddress).toMatch(new RegExp(`^http://${site.host}:\\d+$`));
    expect(body.listeningAddress).toBe(body.effectiveAddress);
  });

  it.each([
    ['shop.example.com', M.addressNotAUrl],
    ['https://', M.addressNotAUrl],
    ['ftp://shop.example.com', M.addressScheme],
    ['javascript:alert(1)', M.addressScheme],
    ['https://shop.example.com/store', M.addressOriginOnly],
    ['https://shop.example.com/?ref=mail', M.addressOriginOnly],
    ['https://shop.example.com/#top', M.addressOriginOnly],
    ['https://shop.example.com?', M.addressOriginOnly],
    ['https://owner:secret@shop.example.com', M.addressCredentials],
    [`https://${'a'.repeat(300)}.example.com`, M.addressTooLong],
  ])('refuses the public address %j with 400: %s', async (publicAddress, message) => {
    const res = await put({ ...valid, publicAddress, smtp: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(res.json().errors).toEqual({ publicAddress: message });
  });

  it.each([
    [{ senderAddress: 'not-an-address' }, 'senderAddress', M.senderAddress],
    [{ senderName: 'Juniper\r\nBcc: everyone@example.com' }, 'senderName', M.senderName],
    [{ senderName: 'x'.repeat(101) }, 'senderName', M.senderName],
    [{ senderAddress: '', smtp: valid.smtp }, 'senderAddress', M.senderAddressRequired],
    [{ smtp: { ...valid.smtp, host: 'bad host!' } }, 'host', M.smtpHost],
    [{ smtp: { ...valid.smtp, port: 0 } }, 'port', M.smtpPort],
    [{ smtp: { ...valid.smtp, port: 70_000 } }, 'port', M.smtpPort],
    [{ smtp: { ...valid.smtp, user: '' } }, 'password', M.passwordWithoutUser],
    [{ smtp: { ...valid.smtp, user: 'u'.repeat(201) } }, 'user', M.smtpUser],
  ])('refuses %j with 400 on %s', async (change, field, message) => {
    const res = await put({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    // Nothing of a refused save is kept.
    expect((await get()).json().senderAddress).not.toBe('not-an-address');
  });

  it.each([
    ['https://Shop.Example.com/', 'https://shop.example.com'],
    ['  https://shop.example.com  ', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://shop.example.com:8443/', 'https://shop.example.com:8443'],
  ])('stores the public address %j as the origin %s', async (publicAddress, stored) => {
    const res = await put({ ...valid, publicAddress, smtp: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ publicAddress: stored, effectiveAddress: stored });
    const { db } = await testDatabase(backend);
    const [row] = await db.select().from(websites).where(eq(websites.id, site.websiteId));
    expect(row?.baseUrl).toBe(stored);
  });

  it('stores the SMTP password sealed and never answers it, only that one is stored', async () => {
    const saved = await put(valid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      publicAddress: 'https://shop.example.com',
      senderName: 'Juniper & Oak',
      senderAddress: 'hello@shop.example.com',
      smtp: { host: 'smtp.example.com', port: 587, security: 'starttls', user: 'mailer', passwordSet: true },
    });
    const read = await get();
    for (const res of [saved, read]) expect(res.body).not.toContain(PASSWORD);
    expect(read.json().smtp.passwordSet).toBe(true);
    const { db } = await testDatabase(backend);
    const [row] = await db.select().from(mailSettings).where(eq(mailSettings.websiteId, site.websiteId));
    expect(row?.smtpPassword).toMatch(/^v1:/);
    expect(row?.smtpPassword).not.toContain(PASSWORD);

    // An empty password keeps the stored one while the user name stays…
    const kept = await put({ ...valid, smtp: { ...valid.smtp, password: '' } });
    expect(kept.json().smtp.passwordSet).toBe(true);
    const [after] = await db.select().from(mailSettings).where(eq(mailSettings.websiteId, site.websiteId));
    expect(after?.smtpPassword).toBe(row?.smtpPassword);
    // …and goes with it when the user name changes.
    const other = await put({ ...valid, smtp: { ...valid.smtp, user: 'someone-else', password: '' } });
    expect(other.json().smtp).toMatchObject({ user: 'someone-else', passwordSet: false });
    // No host: the site's own server is forgotten, its mail goes through SMTP_URL again.
    const cleared = await put({ ...valid, smtp: null });
    expect(cleared.json().smtp).toBeNull();
  });

  it('fills the usual port of the chosen security when none is typed', async () => {
    const res = await put({ ...valid, smtp: { ...valid.smtp, port: null, security: 'tls' } });
    expect(res.json().smtp).toMatchObject({ port: 465, security: 'tls' });
  });
});

describe.each(backends)('Domain & mail: who may see and change it, on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
  });
  afterAll(() => site.app.close());

  const body = { publicAddress: '', senderName: '', senderAddress: '', smtp: null };

  it.each([
    ['Admin', 1, 200, 200, null],
    [
      'Website manager',
      15,
      200,
      403,
      'Your role (Website manager) cannot change the domain and mail settings.',
    ],
    ['Viewer', 10, 200, 403, 'Your role (Viewer) cannot change the domain and mail settings.'],
    ['Editor', 4, 403, 403, 'Your role (Editor) cannot change the domain and mail settings.'],
    [
      'Campaigns editor',
      11,
      403,
      403,
      'Your role (Campaigns editor) cannot change the domain and mail settings.',
    ],
  ])('%s (%i): read %i, change %i', async (_name, code, readStatus, writeStatus, refusal) => {
    const { cookie } = await contributorSession(backend, site, code);
    const cookies = { siteUserSession: cookie };
    const read = await site.request({ method: 'GET', url: URL_, cookies });
    expect(read.statusCode).toBe(readStatus);
    if (readStatus === 403)
      expect(read.json().error.message).toMatch(/cannot see the domain and mail settings\.$/);
    const write = await site.request({ method: 'PUT', url: URL_, cookies, payload: body });
    expect(write.statusCode).toBe(writeStatus);
    if (refusal) expect(write.json().error.message).toBe(refusal);
    const test = await site.request({ method: 'POST', url: `${URL_}/test`, cookies, payload: {} });
    expect(test.statusCode === 403).toBe(writeStatus === 403);
  });

  it('answers 401 signed out and 403 to a customer', async () => {
    expect((await site.request({ method: 'GET', url: URL_ })).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await site.request({ method: 'GET', url: URL_, cookies: customer })).statusCode).toBe(403);
    expect(
      (await site.request({ method: 'PUT', url: URL_, cookies: customer, payload: body })).statusCode,
    ).toBe(403);
  });
});

describe.each(backends)('Domain & mail without a server key, on %s', (backend) => {
  it('refuses to store a password (422, in words) but saves everything else', async () => {
    // A PostgreSQL server without SECRETS_KEY has nothing to seal with.
    const site = await createTestSite(backend, { config: { databaseUrl: 'postgres://unused/none' } });
    try {
      const owner = { siteUserSession: await sessionOf(site, 'owner') };
      const res = await site.request({ method: 'PUT', url: URL_, cookies: owner, payload: valid });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(M.secretsKeyMissing);
      const noPassword = { ...valid, smtp: { ...valid.smtp, user: '', password: '' } };
      const saved = await site.request({ method: 'PUT', url: URL_, cookies: owner, payload: noPassword });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().smtp).toMatchObject({ host: 'smtp.example.com', user: null, passwordSet: false });
    } finally {
      await site.app.close();
    }
  });
});
