import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { mailchimpAccounts, mailchimpLinks } from '../../src/db/schema/mailchimp';
import { listMembers, mailingLists } from '../../src/db/schema/newsletter';
import { joinList, unsubscribeEmail } from '../../src/services/lists/members';
import { createMailchimpClient, subscriberHash } from '../../src/services/mailchimp/mailchimp-client';
import {
  connectMailchimp,
  linkMailchimpLists,
  type MailchimpContext,
} from '../../src/services/mailchimp/mailchimp-settings';
import { syncMailchimp } from '../../src/services/mailchimp/mailchimp-sync';
import { createSecretBox } from '../../src/services/payments/secret-box';
import { emptyDatabase } from '../helpers/empty-database';
import { type FakeMailchimp, startFakeMailchimp } from '../helpers/fake-mailchimp';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { TEST_SECRETS_KEY } from '../mail/mail-helpers';

process.env.MAILCHIMP_SYNC_EVERY_MS = '0';

describe.each(backends)('Mailchimp sync on %s', (backend) => {
  let fake: FakeMailchimp;
  let private_: Awaited<ReturnType<typeof emptyDatabase>>;
  let database: DatabaseHandle;
  let site: TestSite;
  let listId: string;
  let context: MailchimpContext;
  const sync = () => syncMailchimp(database.db, context, { settleMs: 0 });
  const join = (email: string) =>
    joinList(database.db, { websiteId: site.websiteId, listId, email, source: 'popup' });
  const linkRow = async () =>
    (await database.db.select().from(mailchimpLinks).where(eq(mailchimpLinks.listId, listId)))[0];
  /** Pretend the retry time has come. */
  const makeDue = () => database.db.update(mailchimpLinks).set({ nextAttemptAt: sql`now()` });
  const statusAtFake = (email: string) => fake.members.get('aud001')?.get(subscriberHash(email))?.status;

  beforeAll(async () => {
    fake = await startFakeMailchimp();
    private_ = await emptyDatabase(backend);
    database = private_.database;
    site = await createTestSite(backend, {
      database,
      config: { secretsKey: TEST_SECRETS_KEY, mailchimpApiBase: fake.url },
    });
    const [list] = await database.db
      .insert(mailingLists)
      .values({ websiteId: site.websiteId, name: 'Customers' })
      .returning();
    listId = list?.id ?? '';
    context = {
      secrets: { ok: true, box: createSecretBox(TEST_SECRETS_KEY) },
      client: (key) => createMailchimpClient(key, { base: fake.url, timeoutMs: 2000 }),
    };
    expect((await connectMailchimp(database.db, site.websiteId, fake.apiKey, context)).ok).toBe(true);
    expect(
      (await linkMailchimpLists(database.db, site.websiteId, [{ listId, audienceId: 'aud001' }], context)).ok,
    ).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await site.app.close();
    await private_.drop();
    await fake.close();
  });

  it('pushes new, confirmed and unsubscribed members once each, in order, from the cursor', async () => {
    await join('one@example.com');
    await join('two@example.com');
    expect(await sync()).toMatchObject({ links: 1, pushed: 2, failed: 0 });
    expect(statusAtFake('one@example.com')).toBe('subscribed');
    await unsubscribeEmail(database.db, site.websiteId, listId, 'two@example.com');
    expect(await sync()).toMatchObject({ pushed: 1 });
    expect(statusAtFake('two@example.com')).toBe('unsubscribed');
    const last = fake.puts.at(-1);
    expect(last).toMatchObject({
      hash: subscriberHash('two@example.com'),
      body: { status: 'unsubscribed', status_if_new: 'unsubscribed' },
    });
    expect(await sync()).toMatchObject({ pushed: 0 });
    expect((await linkRow())?.pushedCount).toBe(3);
  });

  it('pulls unsubscribes from Mailchimp and never subscribes anyone again from there', async () => {
    await join('three@example.com');
    await sync();
    fake.unsubscribe('aud001', 'three@example.com');
    // Subscribed at Mailchimp but unsubscribed here: stays unsubscribed here.
    fake.members.get('aud001')?.set(subscriberHash('two@example.com'), {
      email: 'two@example.com',
      status: 'subscribed',
      lastChanged: new Date().toISOString(),
    });
    expect(await sync()).toMatchObject({ pulled: 1 });
    const rows = await database.db
      .select({ email: listMembers.email, status: listMembers.status })
      .from(listMembers)
      .where(eq(listMembers.listId, listId));
    const status = Object.fromEntries(rows.map((r) => [r.email, r.status]));
    expect(status).toMatchObject({
      'three@example.com': 'unsubscribed',
      'two@example.com': 'unsubscribed',
      'one@example.com': 'subscribed',
    });
    expect(fake.requests.some((r) => r === 'GET /3.0/lists/aud001/members')).toBe(true);
  });

  it('retries after a 503 or 429 without losing or repeating a member', async () => {
    await sync(); // the member unsubscribed above goes back to Mailchimp as unsubscribed
    await join('four@example.com');
    await join('five@example.com');
    const before = fake.puts.length;
    fake.failNext(503);
    expect(await sync()).toMatchObject({ pushed: 0, failed: 1 });
    let link = await linkRow();
    expect(link).toMatchObject({ attempts: 1 });
    expect(link?.lastError).toContain('Service Unavailable');
    expect(link?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await sync()).toMatchObject({ links: 0 }); // not due yet
    await makeDue();
    fake.failNext(429);
    expect(await sync()).toMatchObject({ failed: 1 });
    expect((await linkRow())?.attempts).toBe(2);
    await makeDue();
    expect(await sync()).toMatchObject({ pushed: 2, failed: 0 });
    link = await linkRow();
    expect(link).toMatchObject({ attempts: 0, lastError: null });
    const pushed = fake.puts.slice(before).map((p) => p.body.email_address);
    expect(pushed).toEqual(['four@example.com', 'five@example.com']);
  });

  it('records a member Mailchimp refuses (compliance state) and goes on', async () => {
    await join('blocked@compliance.test');
    await join('six@example.com');
    expect(await sync()).toMatchObject({ pushed: 1, skipped: 1, failed: 0 });
    const link = await linkRow();
    expect(link?.skippedCount).toBe(1);
    expect(link?.lastError).toContain('Member In Compliance State');
    expect(await sync()).toMatchObject({ pushed: 0, skipped: 0 });
  });

  it('runs a link in one process at a time: a claimed link is left alone', async () => {
    await join('seven@example.com');
    await database.db
      .update(mailchimpLinks)
      .set({ leaseToken: 'elsewhere', leaseUntil: sql`now() + interval '1 minute'` });
    expect(await sync()).toMatchObject({ links: 0 });
    const [a, b] = await Promise.all([sync(), sync()]);
    expect((a?.links ?? 0) + (b?.links ?? 0)).toBe(0);
    await database.db.update(mailchimpLinks).set({ leaseUntil: sql`now() - interval '1 second'` });
    const both = await Promise.all([sync(), sync()]);
    expect(both.reduce((n, c) => n + c.links, 0)).toBe(1);
    expect(both.reduce((n, c) => n + c.pushed, 0)).toBe(1);
    expect(fake.puts.filter((p) => p.body.email_address === 'seven@example.com')).toHaveLength(1);
  });

  it('stops on a 401 until the owner reconnects, then goes on from the cursor', async () => {
    await join('eight@example.com');
    fake.rotateKey('abcdefabcdefabcdefabcdefabcdefab-us21');
    expect(await sync()).toMatchObject({ pushed: 0, failed: 1 });
    const [account] = await database.db
      .select()
      .from(mailchimpAccounts)
      .where(eq(mailchimpAccounts.websiteId, site.websiteId));
    expect(account).toMatchObject({ status: 'failed' });
    expect(account?.lastError).toContain('API Key Invalid');
    await makeDue();
    expect(await sync()).toMatchObject({ links: 0 });
    expect((await connectMailchimp(database.db, site.websiteId, fake.apiKey, context)).ok).toBe(true);
    expect(await sync()).toMatchObject({ pushed: 1 });
    expect(statusAtFake('eight@example.com')).toBe('subscribed');
  });

  it('syncs nothing after a disconnect', async () => {
    await database.db.delete(mailchimpAccounts).where(eq(mailchimpAccounts.websiteId, site.websiteId));
    await join('nine@example.com');
    expect(await sync()).toMatchObject({ links: 0 });
    expect(statusAtFake('nine@example.com')).toBeUndefined();
    expect(
      await database.db
        .select()
        .from(mailchimpLinks)
        .where(and(eq(mailchimpLinks.websiteId, site.websiteId))),
    ).toEqual([]);
  });
});
