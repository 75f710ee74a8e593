import { MAIL_SETTINGS_MESSAGES as M } from '@store/api';
import { fillMessage } from '@store/commerce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type LocalSmtp, TEST_SECRETS_KEY, partsOf, startSmtp } from './mail-helpers';

const PASSWORD = 'test-mail-Pa55!';
const TEST = '/api/owner/mail-settings/test';

/** A port nothing listens on (a server started and stopped). */
async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}

describe.each(backends)(
  'the test message says in words what went wrong, on %s',
  { timeout: 120_000 },
  (backend) => {
    let site: TestSite;
    let owner: Record<string, string>;
    let plain: LocalSmtp;
    let withStarttls: LocalSmtp;
    let tlsOnly: LocalSmtp;
    let picky: LocalSmtp;
    let refused: number;

    const smtp = (port: number, change: Record<string, unknown> = {}) => ({
      host: '127.0.0.1',
      port,
      security: 'none',
      user: 'mailer',
      password: PASSWORD,
      ...change,
    });
    const test = (payload: Record<string, unknown>) =>
      site.request({
        method: 'POST',
        url: TEST,
        cookies: owner,
        payload: { senderAddress: 'hello@shop.example.com', ...payload },
      });

    beforeAll(async () => {
      plain = await startSmtp({ users: { mailer: PASSWORD } });
      // STARTTLS offered with smtp-server's built-in certificate, which no client trusts.
      withStarttls = await startSmtp({ server: { authOptional: true, disabledCommands: ['AUTH'] } });
      tlsOnly = await startSmtp({ server: { secure: true, authOptional: true, disabledCommands: ['AUTH'] } });
      picky = await startSmtp({
        server: {
          authOptional: true,
          disabledCommands: ['STARTTLS', 'AUTH'],
          onMailFrom(address, _session, callback) {
            if (address.address.endsWith('@shop.example.com')) return callback();
            callback(
              Object.assign(new Error('Sender address rejected: not owned by you'), { responseCode: 553 }),
            );
          },
          onRcptTo(address, _session, callback) {
            if (address.address !== 'nobody@example.com') return callback();
            callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
          },
        },
      });
      refused = await closedPort();
      site = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
      owner = { siteUserSession: await sessionOf(site, 'owner') };
    });
    afterAll(async () => {
      await site.app.close();
      for (const server of [plain, withStarttls, tlsOnly, picky]) await server.close();
    });

    it('sends through the typed connection now: the message arrives as HTML and text', async () => {
      const res = await test({ smtp: smtp(plain.port), to: 'me@example.com' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ok: true,
        via: 'site',
        message: fillMessage(M.testSent, { to: 'me@example.com', via: `127.0.0.1:${plain.port}` }),
      });
      const mail = plain.received.find((m) => m.to.includes('me@example.com'));
      expect(mail?.user).toBe('mailer');
      const { html, text } = partsOf(mail?.raw ?? '');
      expect(text).toContain('This is a test message from Juniper & Oak.');
      expect(html).toContain('This is a test message from Juniper &amp; Oak.');
    });

    // The built-in certificate's fault (expired, self-signed…) is whatever the TLS library says.
    const untrusted = (port: number) =>
      new RegExp(
        `^${fillMessage(M.certificate, { server: `127.0.0.1:${port}`, detail: '@@' })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('@@', '.+')}$`,
      );
    const cases: [string, () => Record<string, unknown>, () => string | RegExp][] = [
      [
        'a wrong password',
        () => smtp(plain.port, { password: 'not-it' }),
        () => fillMessage(M.authFailed, { response: '535 Invalid username or password' }),
      ],
      [
        'no user name where one is needed',
        () => smtp(plain.port, { user: '', password: '' }),
        () => M.authRequired,
      ],
      [
        'nothing listening at that port',
        () => smtp(refused),
        () => fillMessage(M.connectionRefused, { server: `127.0.0.1:${refused}` }),
      ],
      [
        'TLS to a server that does not speak it from the first byte',
        () => smtp(plain.port, { security: 'tls' }),
        () => fillMessage(M.notTls, { server: `127.0.0.1:${plain.port}` }),
      ],
      [
        'STARTTLS required of a server that does not offer it',
        () => smtp(plain.port, { security: 'starttls' }),
        () => fillMessage(M.noStarttls, { server: `127.0.0.1:${plain.port}` }),
      ],
      [
        'a certificate no one trusts (STARTTLS)',
        () => smtp(withStarttls.port, { security: 'starttls', user: '', password: '' }),
        () => untrusted(withStarttls.port),
      ],
      [
        'a certificate no one trusts (TLS)',
        () => smtp(tlsOnly.port, { security: 'tls', user: '', password: '' }),
        () => untrusted(tlsOnly.port),
      ],
      [
        'a host name that does not exist',
        () => smtp(25, { host: 'no-such-host.invalid', user: '', password: '' }),
        () => fillMessage(M.hostNotFound, { host: 'no-such-host.invalid' }),
      ],
    ];
    it.each(cases)('%s', async (_name, connection, words) => {
      const res = await test({ smtp: connection() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, via: 'site' });
      const expected = words();
      if (typeof expected === 'string') expect(res.json().message).toBe(expected);
      else expect(res.json().message).toMatch(expected);
      expect(res.body).not.toContain(PASSWORD);
    });

    it('a sender or recipient the server refuses is named with the server’s reason', async () => {
      const sender = await test({
        smtp: smtp(picky.port, { user: '', password: '' }),
        senderAddress: 'me@elsewhere.example',
      });
      expect(sender.json().message).toBe(
        fillMessage(M.senderRefused, {
          from: 'me@elsewhere.example',
          response: '553 Sender address rejected: not owned by you',
        }),
      );
      const recipient = await test({
        smtp: smtp(picky.port, { user: '', password: '' }),
        to: 'nobody@example.com',
      });
      expect(recipient.json().message).toBe(
        fillMessage(M.recipientRefused, { to: 'nobody@example.com', response: '550 No such user here' }),
      );
    });

    it('an empty password uses the stored one; without any connection the message waits, in words', async () => {
      const save = await site.request({
        method: 'PUT',
        url: '/api/owner/mail-settings',
        cookies: owner,
        payload: {
          publicAddress: '',
          senderName: '',
          senderAddress: 'hello@shop.example.com',
          smtp: smtp(plain.port),
        },
      });
      expect(save.statusCode, save.body).toBe(200);
      const typedWithoutPassword = await test({
        smtp: smtp(plain.port, { password: '' }),
        to: 'stored@example.com',
      });
      expect(typedWithoutPassword.json()).toMatchObject({ ok: true, via: 'site' });
      const saved = await test({ to: 'saved@example.com' });
      expect(saved.json()).toMatchObject({ ok: true, via: 'site' });
      expect(plain.received.filter((m) => /^(stored|saved)@/.test(m.to[0] ?? ''))).toHaveLength(2);

      const none = await test({ smtp: null });
      expect(none.json()).toEqual({ ok: false, via: 'none', message: M.testQueued });
    });

    it('refuses a typed connection or address that cannot be right with 400, before connecting', async () => {
      const host = await test({ smtp: smtp(plain.port, { host: 'not a host' }) });
      expect(host.statusCode).toBe(400);
      expect(host.json().errors).toEqual({ host: M.smtpHost });
      const to = await test({ smtp: smtp(plain.port), to: 'not-an-address' });
      expect(to.statusCode).toBe(400);
      expect(to.json().errors).toEqual({ to: M.testNoRecipient });
    });
  },
);
