import { type SQL, and, count, countDistinct, eq, ilike, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { restockSignups } from '../../db/schema/index';
import { listMembers as newsletterSubscribers } from '../../db/schema/newsletter';
import { defaultListId } from '../lists/members';
import { CSV_BATCH, keysetBatches } from './csv';

export type ListName = 'all' | 'newsletter' | 'restock';
export interface Subscriber {
  email: string;
  source: 'newsletter' | 'restock';
  createdAt: string;
  unsubscribed: boolean;
}

/** Fixed-width UTC text: sorts as it compares, and round-trips through a cursor. */
const stamp = (col: SQL | typeof newsletterSubscribers.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first, then by source and email (byte order, the same in SQL and here). */
function before(a: Subscriber, b: Subscriber): boolean {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  if (a.source !== b.source) return a.source > b.source;
  return a.email > b.email;
}

const emailLike = (col: AnyPgColumn, q?: string) =>
  q ? ilike(col, `%${q.replace(/[\\%_]/g, '\\$&')}%`) : undefined;

/**
 * The owner's mailing lists: newsletter subscribers (unsubscribed ones included, marked),
 * and restock sign-ups that ticked "join the mailing list" (one row per email, dated by the
 * first sign-up; unsubscribed when that email left the newsletter). `after` is the key of
 * the last row of the previous page; each source is read in key order and the two merged,
 * so pages never repeat or skip a row.
 */
export async function mailingList(
  db: Database,
  websiteId: string,
  list: ListName,
  options: { after?: string[]; q?: string; limit: number },
): Promise<Subscriber[]> {
  const [afterAt, afterSource, afterEmail] = options.after ?? [];
  const key = (source: string, at: SQL, email: SQL) =>
    afterAt === undefined
      ? undefined
      : sql`(${at}, ${source}, ${email} collate "C") < (${afterAt}, ${afterSource}, ${afterEmail} collate "C")`;
  const out: Subscriber[] = [];
  const defaultList = await defaultListId(db, websiteId);
  if (list !== 'restock') {
    const at = stamp(newsletterSubscribers.createdAt);
    const rows = await db
      .select({
        email: newsletterSubscribers.email,
        createdAt: at,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.websiteId, websiteId),
          eq(newsletterSubscribers.listId, defaultList),
          emailLike(newsletterSubscribers.email, options.q),
          key('newsletter', at, sql`${newsletterSubscribers.email}`),
        ),
      )
      .orderBy(sql`${at} desc, ${newsletterSubscribers.email} collate "C" desc`)
      .limit(options.limit);
    for (const r of rows)
      out.push({
        email: r.email,
        source: 'newsletter',
        createdAt: r.createdAt,
        unsubscribed: r.unsubscribedAt !== null,
      });
  }
  if (list !== 'newsletter') {
    const at = stamp(sql`min(${restockSignups.createdAt})`);
    const rows = await db
      .select({
        email: restockSignups.email,
        createdAt: at,
        unsubscribed: sql<boolean>`bool_or(${newsletterSubscribers.unsubscribedAt} is not null)`,
      })
      .from(restockSignups)
      .leftJoin(
        newsletterSubscribers,
        and(
          eq(newsletterSubscribers.websiteId, restockSignups.websiteId),
          eq(newsletterSubscribers.listId, defaultList),
          eq(newsletterSubscribers.email, restockSignups.email),
        ),
      )
      .where(
        and(
          eq(restockSignups.websiteId, websiteId),
          eq(restockSignups.isJoinMailingList, true),
          emailLike(restockSignups.email, options.q),
        ),
      )
      .groupBy(restockSignups.email)
      .having(key('restock', at, sql`${restockSignups.email}`))
      .orderBy(sql`${at} desc, ${restockSignups.email} collate "C" desc`)
      .limit(options.limit);
    for (const r of rows)
      out.push({
        email: r.email,
        source: 'restock',
        createdAt: r.createdAt,
        unsubscribed: Boolean(r.unsubscribed),
      });
  }
  return out.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).slice(0, options.limit);
}

/** How many people each list holds (restock counted once per email). */
export async function listCounts(db: Database, websiteId: string) {
  const [newsletter] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.websiteId, websiteId),
        eq(newsletterSubscribers.listId, await defaultListId(db, websiteId)),
      ),
    );
  const [restock] = await db
    .select({ n: countDistinct(restockSignups.email) })
    .from(restockSignups)
    .where(and(eq(restockSignups.websiteId, websiteId), eq(restockSignups.isJoinMailingList, true)));
  return { newsletter: Number(newsletter?.n ?? 0), restock: Number(restock?.n ?? 0) };
}

export const MAILING_CSV_HEADER = ['Email', 'Source', 'Signed up', 'Unsubscribed'];
export const mailingCsvRow = (s: Subscriber) => [
  s.email,
  s.source,
  s.createdAt,
  s.unsubscribed ? 'yes' : 'no',
];

/** A list's CSV rows (newest first), in batches of CSV_BATCH, by the same keys as its pages. */
export async function* mailingCsvBatches(db: Database, websiteId: string, list: ListName) {
  const batches = keysetBatches(
    (after) => mailingList(db, websiteId, list, { after, limit: CSV_BATCH }),
    (s) => [s.createdAt, s.source, s.email],
  );
  for await (const rows of batches) yield rows.map(mailingCsvRow);
}
