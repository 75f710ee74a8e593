import { MAIL_SETTINGS_MESSAGES as M } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRouter } from '../../src/services/outbox/mail-router';
import type { MailTransport } from '../../src/services/outbox/outbox-worker';
import { createSecretBox } from '../../src/services/payments/secret-box';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type LocalSmtp, TEST_SECRETS_KEY, startSmtp } from './mail-helpers';

const PASSWORD = 'router-Pa55!';

describe.each(backends)('which connection a site’s mail goes through, on %s', (backend) => {
  let site: TestSite;
  let own: LocalSmtp;
  const server: MailTransport = { sendMail: async () => ({}) };
  const box = { ok: true as const, box: createSecretBox(TEST_SECRETS_KEY) };

  beforeAll(async () => {
    own = await startSmtp({ users: { mailer: PASSWORD } });
    site = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
  });
  afterAll(async () => {
    await site.app.close();
    await own.close();
  });

  it('a site without its own server: SMTP_URL, from the site’s name at no-reply@ its domain', async () => {
    const { db } = await testDatabase(backend);
    const router = siteRouter(db, { server, secrets: () => box });
    const route = await router.routeFor(site.websiteId);
    expect(route.ok && route.transport).toBe(server);
    expect(route.ok && route.from).toEqual({ name: 'Juniper & Oak', address: `no-reply@${site.host}` });
    // With SMTP_URL every site's mail may be claimed; without it only sites with their own server.
    expect(router.claimable()).toBeUndefined();
    expect(siteRouter(db, { secrets: () => box }).claimable()).toBeDefined();
    router.close();
  });

  it('a site with its own server: through it (as its user), from its sender; unreadable password in words', async () => {
    const owner = { siteUserSession: await sessionOf(site, 'owner') };
    const saved = await site.request({
      method: 'PUT',
      url: '/api/owner/mail-settings',
      cookies: owner,
      payload: {
        publicAddress: '',
        senderName: 'Juniper Mail',
        senderAddress: 'mail@juniper.example',
        smtp: { host: '127.0.0.1', port: own.port, security: 'none', user: 'mailer', password: PASSWORD },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { db } = await testDatabase(backend);
    const router = siteRouter(db, { server, secrets: () => box });
    const route = await router.routeFor(site.websiteId);
    if (!route.ok) throw new Error(route.error);
    expect(route.transport).not.toBe(server);
    expect(route.from).toEqual({ name: 'Juniper Mail', address: 'mail@juniper.example' });
    await route.transport.sendMail({
      from: route.from,
      to: 'someone@example.com',
      subject: 'Hi',
      text: 'Hello',
    });
    expect(own.received.find((m) => m.to.includes('someone@example.com'))?.user).toBe('mailer');
    router.close();

    // A process whose key is not the one the password was sealed with says so, and sends nothing.
    const other = siteRouter(db, {
      server,
      secrets: () => ({ ok: true, box: createSecretBox(Buffer.alloc(32, 1)) }),
    });
    expect(await other.routeFor(site.websiteId)).toEqual({ ok: false, error: M.secretsUnreadable });
    other.close();
  });
});
