import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailchimpAccounts, mailchimpLinks } from '../../db/schema/mailchimp';
import { listMembers } from '../../db/schema/newsletter';
import { unsubscribeEmail } from '../lists/members';
import type { CallResult } from './mailchimp-client';
import { type MailchimpContext, describeFailure, markAccountFailed, openKey } from './mailchimp-settings';

type Link = typeof mailchimpLinks.$inferSelect;

export interface SyncOptions {
  /** Only this site's links (the owner's "Sync now"); default: every site's due links. */
  websiteId?: string;
  /** Members pushed per read (default 100) and reads per run of one link (default 10). */
  batchSize?: number;
  maxBatches?: number;
  /** How long a claimed link stays ours (default 5 minutes): a crashed process's claim lapses. */
  leaseMs?: number;
  /**
   * Members changed in the last `settleMs` wait for the next run (default 2 s): a change
   * committed late with an earlier updated_at would otherwise fall behind the cursor.
   */
  settleMs?: number;
}

export interface SyncCounts {
  links: number;
  pushed: number;
  skipped: number;
  pulled: number;
  failed: number;
}

/** 30 s, 1 min, 2 min … at most an hour between attempts of a failed push. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const PULL_PAGE = 500;
/** Unsubscribes are pulled again from a minute back: Mailchimp's clock is not ours. */
const PULL_OVERLAP_MS = 60_000;

/** Retry later (network, 5xx, 429), stop the account (401), or skip one member (other 4xx). */
type Verdict = 'retry' | 'refused' | 'skip';
const verdictOf = (res: Extract<CallResult<unknown>, { ok: false }>): Verdict =>
  res.status === 401 || res.status === 403
    ? 'refused'
    : res.status === 'network' || res.status === 429 || res.status >= 500
      ? 'retry'
      : 'skip';

/**
 * Sync the due links of connected accounts: each is claimed with a lease (one process at a
 * time; no row is locked while Mailchimp answers), its members pushed from the cursor, then
 * Mailchimp's unsubscribes pulled. Our side is never re-subscribed from Mailchimp.
 */
export async function syncMailchimp(
  db: Database,
  context: MailchimpContext,
  options: SyncOptions = {},
): Promise<SyncCounts> {
  const counts: SyncCounts = { links: 0, pushed: 0, skipped: 0, pulled: 0, failed: 0 };
  const due = await db
    .select({ id: mailchimpLinks.id })
    .from(mailchimpLinks)
    .innerJoin(mailchimpAccounts, eq(mailchimpAccounts.websiteId, mailchimpLinks.websiteId))
    .where(
      and(
        eq(mailchimpAccounts.status, 'connected'),
        lte(mailchimpLinks.nextAttemptAt, sql`now()`),
        or(isNull(mailchimpLinks.leaseUntil), lt(mailchimpLinks.leaseUntil, sql`now()`)),
        options.websiteId ? eq(mailchimpLinks.websiteId, options.websiteId) : undefined,
      ),
    )
    .orderBy(asc(mailchimpLinks.nextAttemptAt))
    .limit(50);
  for (const { id } of due) {
    const token = randomUUID();
    const leaseMs = options.leaseMs ?? 300_000;
    const [link] = await db
      .update(mailchimpLinks)
      .set({ leaseToken: token, leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(
        and(
          eq(mailchimpLinks.id, id),
          or(isNull(mailchimpLinks.leaseUntil), lt(mailchimpLinks.leaseUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!link) continue;
    counts.links += 1;
    try {
      await syncLink(db, context, link, token, options, counts);
    } finally {
      await db
        .update(mailchimpLinks)
        .set({ leaseToken: null, leaseUntil: null })
        .where(and(eq(mailchimpLinks.id, id), eq(mailchimpLinks.leaseToken, token)));
    }
  }
  return counts;
}

async function syncLink(
  db: Database,
  context: MailchimpContext,
  link: Link,
  token: string,
  options: SyncOptions,
  counts: SyncCounts,
) {
  const [account] = await db
    .select()
    .from(mailchimpAccounts)
    .where(eq(mailchimpAccounts.websiteId, link.websiteId));
  if (account?.status !== 'connected') return;
  const key = openKey(account, context.secrets);
  if (!key) {
    await markAccountFailed(db, link.websiteId, 'the stored key cannot be opened');
    counts.failed += 1;
    return;
  }
  const client = context.client(key);
  const ours = and(eq(mailchimpLinks.id, link.id), eq(mailchimpLinks.leaseToken, token));
  const batchSize = options.batchSize ?? 100;
  const settle = `${options.settleMs ?? 2000} milliseconds`;
  // The cursor travels as text: a timestamp read into a Date loses its microseconds.
  const [saved] = await db
    .select({ at: sql<string | null>`${mailchimpLinks.cursorAt}::text` })
    .from(mailchimpLinks)
    .where(eq(mailchimpLinks.id, link.id));
  let cursor = { at: saved?.at ?? null, id: link.cursorId };
  let skipNote: string | null = null;

  /** A push or pull that failed: retry with backoff, or stop the account on a refused key. */
  const failed = async (res: Extract<CallResult<unknown>, { ok: false }>) => {
    counts.failed += 1;
    const detail = describeFailure(res);
    if (verdictOf(res) === 'refused') {
      await markAccountFailed(db, link.websiteId, detail);
      await db.update(mailchimpLinks).set({ lastError: detail }).where(ours);
      return;
    }
    const attempts = link.attempts + 1;
    await db
      .update(mailchimpLinks)
      .set({
        attempts,
        lastError: detail,
        nextAttemptAt: sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`,
      })
      .where(ours);
  };

  for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
    const m = listMembers;
    const after = cursor.at
      ? or(
          gt(m.updatedAt, sql`${cursor.at}::timestamptz`),
          and(eq(m.updatedAt, sql`${cursor.at}::timestamptz`), gt(m.id, cursor.id ?? '')),
        )
      : undefined;
    const members = await db
      .select({ id: m.id, email: m.email, status: m.status, updatedAt: sql<string>`${m.updatedAt}::text` })
      .from(m)
      .where(
        and(
          eq(m.websiteId, link.websiteId),
          eq(m.listId, link.listId),
          lt(m.updatedAt, sql`now() - ${settle}::interval`),
          after,
        ),
      )
      .orderBy(asc(m.updatedAt), asc(m.id))
      .limit(batchSize);
    for (const member of members) {
      const res = await client.putMember(link.audienceId, member.email, member.status);
      if (!res.ok && verdictOf(res) !== 'skip') return failed(res);
      if (!res.ok) skipNote = `A member was skipped: ${describeFailure(res)}`;
      cursor = { at: member.updatedAt, id: member.id };
      const [still] = await db
        .update(mailchimpLinks)
        .set({
          cursorAt: sql`${member.updatedAt}::timestamptz`,
          cursorId: member.id,
          ...(res.ok
            ? { pushedCount: sql`${mailchimpLinks.pushedCount} + 1` }
            : { skippedCount: sql`${mailchimpLinks.skippedCount} + 1` }),
        })
        .where(ours)
        .returning({ id: mailchimpLinks.id });
      if (!still) return; // the lease lapsed: another process has the link now
      if (res.ok) counts.pushed += 1;
      else counts.skipped += 1;
    }
    if (members.length < batchSize) break;
  }

  const startedAt = new Date();
  let pulled = 0;
  for (let offset = 0; ; offset += PULL_PAGE) {
    const page = await client.unsubscribedSince(link.audienceId, link.pulledSince, offset, PULL_PAGE);
    if (!page.ok) return failed(page);
    for (const { email } of page.value) {
      const [member] = await db
        .select({ status: listMembers.status })
        .from(listMembers)
        .where(
          and(
            eq(listMembers.websiteId, link.websiteId),
            eq(listMembers.listId, link.listId),
            eq(listMembers.email, email.toLowerCase()),
          ),
        );
      if (!member || member.status === 'unsubscribed') continue;
      if (await unsubscribeEmail(db, link.websiteId, link.listId, email)) pulled += 1;
    }
    if (page.value.length < PULL_PAGE) break;
  }
  counts.pulled += pulled;
  await db
    .update(mailchimpLinks)
    .set({
      pulledSince: new Date(startedAt.getTime() - PULL_OVERLAP_MS),
      pulledCount: sql`${mailchimpLinks.pulledCount} + ${pulled}`,
      attempts: 0,
      lastError: skipNote,
      lastSyncAt: sql`now()`,
      nextAttemptAt: sql`now()`,
    })
    .where(ours);
}
