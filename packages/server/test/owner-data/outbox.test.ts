import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { theRow } from '../../src/db/rows';
import { DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

/** A real SMTP server on a free local port; `refuse` makes it reject every message. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      // The envelope as it is now: a pipelining client may send the next one before 'end'.
      const to = session.envelope.rcptTo.map((r) => r.address);
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('mailbox full'), { responseCode: 552 }));
        received.push({ to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('owner outbox: retry and SMTP test on %s', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let site: TestSite;
  let quiet: TestSite; // no SMTP_URL
  let owner: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await createTestSite(backend, { config: { smtpUrl: smtp.url } });
    quiet = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(async () => {
    await site.app.close();
    await quiet.app.close();
    await smtp.close();
  });

  const post = (s: TestSite, url: string, cookies: Record<string, string>, crumb = true) =>
    s.request({ method: 'POST', url, cookies, crumb });

  it('sends a test message to the owner through SMTP now and lists it as sent', async () => {
    const res = await post(site, '/api/owner/outbox/test', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'sent', to: DEMO_OWNER.email });
    // The database is shared with other test files, whose queued test messages (to other
    // contributors) this site's outbox worker may deliver too: look for the owner's own.
    const tests = smtp.received.filter((m) => m.raw.includes('Test message from Juniper & Oak'));
    expect(tests.map((m) => m.to)).toContainEqual([DEMO_OWNER.email]);
    const list = (
      await site.request({ method: 'GET', url: '/api/owner/outbox?status=SENT', cookies: owner })
    ).json();
    expect(list.messages[0]).toMatchObject({ kind: 'smtp-test', status: 'SENT', to: DEMO_OWNER.email });
  });

  it('answers the SMTP server’s error when it refuses, and records the failure', async () => {
    smtp.state.refuse = true;
    try {
      const res = (await post(site, '/api/owner/outbox/test', owner)).json();
      expect(res.outcome).toBe('failed');
      expect(res.message).toContain('mailbox full');
      const list = (
        await site.request({ method: 'GET', url: '/api/owner/outbox?status=FAILED', cookies: owner })
      ).json();
      expect(list.messages[0]).toMatchObject({ kind: 'smtp-test', attempts: 1 });
      expect(list.messages[0].lastError).toContain('mailbox full');
    } finally {
      smtp.state.refuse = false;
    }
  });

  it('without SMTP_URL or a site SMTP server says the mail waits and is not delivered', async () => {
    const cookies = { siteUserSession: await sessionOf(quiet, 'owner') };
    const res = (await post(quiet, '/api/owner/outbox/test', cookies)).json();
    expect(res.outcome).toBe('queued');
    expect(res.message).toMatch(
      /Mail cannot be delivered: this site has no SMTP server and none is set for the whole server/,
    );
    const list = (
      await quiet.request({ method: 'GET', url: '/api/owner/outbox?status=PENDING', cookies })
    ).json();
    expect(list.smtpConfigured).toBe(false);
    expect(list.messages[0]).toMatchObject({ kind: 'smtp-test', status: 'PENDING' });
  });

  it('retries a failed message: back to PENDING, then the worker delivers it', async () => {
    const { db } = await testDatabase(backend);
    const failed = theRow(
      await db
        .insert(emailOutbox)
        .values({
          websiteId: site.websiteId,
          kind: 'form-submission',
          toAddress: 'shop@example.com',
          subject: 'Retry me please',
          textBody: 'hello',
          status: 'FAILED',
          attempts: 8,
          lastError: 'connection refused',
        })
        .returning(),
      'insert failed mail',
    );
    expect((await post(site, `/api/owner/outbox/${failed.id}/retry`, owner, false)).statusCode).toBe(403);
    const res = await post(site, `/api/owner/outbox/${failed.id}/retry`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      lastError: 'connection refused',
    });
    const end = Date.now() + 15_000;
    while (!smtp.received.some((m) => m.raw.includes('Retry me please')) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.some((m) => m.raw.includes('Retry me please'))).toBe(true);
    for (let i = 0; i < 50; i++) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
      if (row?.status === 'SENT') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    // Sent mail is not sent twice.
    const again = await post(site, `/api/owner/outbox/${failed.id}/retry`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('sent');
  });

  it('answers 404 for an unknown message or another site’s', async () => {
    expect((await post(site, '/api/owner/outbox/nope/retry', owner)).statusCode).toBe(404);
  });

  it.each(['/api/owner/outbox/test', '/api/owner/outbox/x/retry'])('%s is owner only', async (url) => {
    expect((await post(site, url, {})).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await post(site, url, customer)).statusCode).toBe(403);
  });
});
