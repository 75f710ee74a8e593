import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { campaignRecipients, emailOutbox } from '../../src/db/schema/index';
import { listMembers } from '../../src/db/schema/newsletter';
import { createCampaign, findCampaign, setRatePerMinute } from '../../src/services/campaigns/campaign-store';
import { campaignNumbers } from '../../src/services/campaigns/numbers';
import {
  LEASE_MS,
  claimRecipients,
  queueClaimed,
  sendCampaignBatch,
} from '../../src/services/campaigns/send';
import { scheduleCampaign, startCampaign } from '../../src/services/campaigns/start';
import { unsubscribeEmail } from '../../src/services/lists/members';
import { emptyDatabase } from '../helpers/empty-database';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { blocks, deliverAll, emails, listWith, outboxTo, recipientsOf } from './campaign-helpers';

// Only the test's own calls (with its own clock) hand campaign mail to the outbox.
process.env.CAMPAIGNS_EVERY_MS = '0';

describe.each(backends)('campaign sending on %s', { timeout: 120_000 }, (backend) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let site: TestSite;
  let other: TestSite;
  /** A second process's connection to the same database (PGlite: the one it has). */
  let second: DatabaseHandle | null = null;
  const db = () => site.app.database.db;
  const db2 = () => second?.db ?? db();
  let clock = Date.parse('2030-01-01T10:00:00Z');
  const tick = (ms = 61_000) => {
    clock += ms;
    return new Date(clock);
  };

  beforeAll(async () => {
    database = await emptyDatabase(backend);
    site = await createTestSite(backend, { database: database.database });
    other = await createTestSite(backend, { database: database.database });
    if (backend === 'postgres') second = await openDatabase({ databaseUrl: database.env.DATABASE_URL });
  }, 120_000);
  afterAll(async () => {
    await site?.app.close();
    await other?.app.close();
    await second?.close();
    await database?.drop();
  });

  async function campaignTo(listIds: string[], websiteId = site.websiteId, tracking = false) {
    const made = await createCampaign(db(), websiteId, { subject: 'Spring sale', blocks, listIds, tracking });
    if (!made.ok) throw new Error('not made');
    return made.value.id;
  }
  /** Run the worker at the test's clock until nothing more is queued in this minute. */
  async function drainMinute(now = new Date(clock), on = db) {
    let total = 0;
    for (let n = await sendCampaignBatch(on(), now); n > 0; n = await sendCampaignBatch(on(), now))
      total += n;
    return total;
  }

  it('snapshots each subscribed e-mail once across lists, never pending or unsubscribed ones', async () => {
    const a = await listWith(db(), site.websiteId, 'A', ['both@example.com', 'only-a@example.com']);
    const b = await listWith(db(), site.websiteId, 'B', [
      'BOTH@example.com',
      'only-b@example.com',
      'gone@example.com',
    ]);
    await unsubscribeEmail(db(), site.websiteId, b, 'gone@example.com');
    await db().insert(listMembers).values({
      websiteId: site.websiteId,
      listId: a,
      email: 'pending@example.com',
      status: 'pending',
      source: 'popup',
      unsubscribeToken: 'pending-token-xxxxxxxxxxxxxxxxxxx',
    });
    const id = await campaignTo([a, b]);
    const started = await startCampaign(db(), site.websiteId, id, new Date(clock));
    expect(started.ok).toBe(true);
    const rows = await recipientsOf(db(), id);
    expect(rows.map((r) => r.email).sort()).toEqual([
      'both@example.com',
      'only-a@example.com',
      'only-b@example.com',
    ]);
    // Starting again does nothing (already sending).
    expect((await startCampaign(db(), site.websiteId, id, new Date(clock))).ok).toBe(false);
    await drainMinute();
    const mails = await outboxTo(db(), site.websiteId);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'both@example.com',
      'only-a@example.com',
      'only-b@example.com',
    ]);
    expect((await findCampaign(db(), site.websiteId, id))?.status).toBe('sent');
  });

  it('a segment narrows the audience: nobody on the list has spent anything, so "spent over 0" sends to none', async () => {
    const list = await listWith(db(), site.websiteId, 'Segmented', [
      'seg-a@example.com',
      'seg-b@example.com',
    ]);
    const spenders = await createCampaign(db(), site.websiteId, {
      subject: 'Spenders',
      blocks,
      listIds: [list],
      segment: { spentOverMinor: 0 },
    });
    if (!spenders.ok) throw new Error('not made');
    expect((await startCampaign(db(), site.websiteId, spenders.value.id, new Date(clock))).ok).toBe(true);
    expect(await recipientsOf(db(), spenders.value.id)).toEqual([]);
    // The same list without a segment: both (the first test shows lists alone count everyone).
    const [{ n } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(listMembers)
      .where(eq(listMembers.listId, list));
    expect(n).toBe(2);
  });

  it('carries the unsubscribe link and the one-click headers, in the site design with a text part', async () => {
    const [mail] = (await outboxTo(db(), site.websiteId)).filter((m) => m.toAddress === 'only-a@example.com');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/.+\/campaign-mail\/unsubscribe\/[\w-]+\?token=[\w-]+>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.htmlBody).toContain('/newsletter/unsubscribe?token=');
    expect(mail?.htmlBody).toContain('<strong>friends</strong>');
    expect(mail?.htmlBody).toContain('https://shop.example/sale');
    expect(mail?.textBody).toContain('Shop the sale: https://shop.example/sale');
    expect(mail?.textBody).toMatch(/Unsubscribe: http.+\/newsletter\/unsubscribe\?token=/);
    const sent = await deliverAll(db());
    const delivered = sent.find((m) => m.to === 'only-a@example.com');
    expect(delivered?.headers).toEqual(mail?.headers);
  });

  it('hands mail to the outbox at the rate per minute of the site (by the clock)', async () => {
    const list = await listWith(db(), site.websiteId, 'Rate', emails('rate', 25));
    await setRatePerMinute(db(), site.websiteId, 10);
    const id = await campaignTo([list]);
    tick();
    await startCampaign(db(), site.websiteId, id, new Date(clock));
    expect(await drainMinute()).toBe(10);
    tick(30_000);
    expect(await drainMinute()).toBe(0);
    tick(31_000);
    expect(await drainMinute()).toBe(10);
    tick();
    expect(await drainMinute()).toBe(5);
    expect((await findCampaign(db(), site.websiteId, id))?.status).toBe('sent');
    await setRatePerMinute(db(), site.websiteId, 600);
  });

  it('two workers at once queue every recipient exactly once', async () => {
    const list = await listWith(db(), site.websiteId, 'Pair', emails('pair', 120));
    const id = await campaignTo([list]);
    tick();
    await startCampaign(db(), site.websiteId, id, new Date(clock));
    for (let round = 0; round < 10; round += 1) {
      const now = new Date(clock);
      await Promise.all([sendCampaignBatch(db(), now), sendCampaignBatch(db2(), now)]);
    }
    const mails = (await outboxTo(db(), site.websiteId)).filter((m) => m.toAddress.startsWith('pair'));
    expect(mails).toHaveLength(120);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(120);
  });

  it('a claim whose worker died is taken again after its lease, and the dead claim queues nobody', async () => {
    const list = await listWith(db(), site.websiteId, 'Crash', emails('crash', 8));
    const id = await campaignTo([list]);
    tick();
    await startCampaign(db(), site.websiteId, id, new Date(clock));
    // Worker A claims and "dies" before its commit.
    const dead = await claimRecipients(db(), site.websiteId, new Date(clock));
    expect(dead.rows).toHaveLength(8);
    // Within the lease nobody else takes them.
    expect(await drainMinute()).toBe(0);
    const later = tick(LEASE_MS + 1_000);
    expect(await drainMinute(later)).toBe(8);
    // A's commit arriving late (a paused process) matches nothing: nobody is queued twice.
    expect(await queueClaimed(db(), site.websiteId, dead, later)).toEqual({ queued: 0, skipped: 0 });
    const mails = (await outboxTo(db(), site.websiteId)).filter((m) => m.toAddress.startsWith('crash'));
    expect(mails).toHaveLength(8);
    // An aborted transaction (the process killed mid-commit) leaves the claim pending as it was.
    const list2 = await listWith(db(), site.websiteId, 'Abort', emails('abort', 3));
    const id2 = await campaignTo([list2]);
    await startCampaign(db(), site.websiteId, id2, tick());
    const claim = await claimRecipients(db(), site.websiteId, new Date(clock));
    await expect(
      db().transaction(async (tx) => {
        await tx
          .update(campaignRecipients)
          .set({ state: 'queued' })
          .where(eq(campaignRecipients.campaignId, id2));
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await recipientsOf(db(), id2)).every((r) => r.state === 'pending')).toBe(true);
    expect(await queueClaimed(db(), site.websiteId, claim, new Date(clock))).toEqual({
      queued: 3,
      skipped: 0,
    });
  });

  it('skips a recipient who unsubscribed after the snapshot, before their turn', async () => {
    const list = await listWith(db(), site.websiteId, 'Mid', emails('mid', 4));
    const id = await campaignTo([list]);
    await startCampaign(db(), site.websiteId, id, tick());
    await unsubscribeEmail(db(), site.websiteId, list, 'mid002@example.com');
    await drainMinute();
    const rows = await recipientsOf(db(), id);
    expect(rows.find((r) => r.email === 'mid002@example.com')?.state).toBe('skipped');
    const mails = (await outboxTo(db(), site.websiteId)).filter((m) => m.toAddress.startsWith('mid'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'mid000@example.com',
      'mid001@example.com',
      'mid003@example.com',
    ]);
    const numbers = await campaignNumbers(db(), (await findCampaign(db(), site.websiteId, id))!);
    expect(numbers).toMatchObject({ recipients: 4, queued: 3, skipped: 1, opened: null, clicked: null });
  });

  it('starts a scheduled campaign when its time comes, once', async () => {
    const list = await listWith(db(), site.websiteId, 'Later', emails('later', 2));
    const id = await campaignTo([list]);
    const when = new Date(clock + 3_600_000);
    expect((await scheduleCampaign(db(), site.websiteId, id, when, new Date(clock))).ok).toBe(true);
    expect(await drainMinute()).toBe(0);
    tick(3_600_000);
    expect(await drainMinute()).toBe(2);
    expect((await findCampaign(db(), site.websiteId, id))?.status).toBe('sent');
  });

  it('counts delivered and bounced from the outbox, each recipient once; other sites see none of it', async () => {
    const list = await listWith(db(), site.websiteId, 'Count', emails('count', 3));
    const id = await campaignTo([list]);
    await startCampaign(db(), site.websiteId, id, tick());
    await drainMinute();
    await deliverAll(db(), (to) => to === 'count001@example.com');
    await db()
      .update(emailOutbox)
      .set({ status: 'FAILED' })
      .where(sql`${emailOutbox.toAddress} = 'count001@example.com'`);
    const numbers = await campaignNumbers(db(), (await findCampaign(db(), site.websiteId, id))!);
    expect(numbers).toMatchObject({ recipients: 3, delivered: 2, bounced: 1 });
    expect(await findCampaign(db(), other.websiteId, id)).toBeNull();
    // A campaign of the other site never reaches this site's lists.
    const theirs = await campaignTo([list], other.websiteId).catch(() => null);
    expect(theirs).toBeNull();
  });
});
