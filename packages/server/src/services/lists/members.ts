import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listMembers, mailingLists } from '../../db/schema/newsletter';

/** Where a sign-up came from (recorded with the consent). */
export type ListSource = 'popup' | 'newsletter' | 'form' | 'checkout' | 'restock' | 'import' | 'owner';

const token = () => randomBytes(24).toString('base64url');

/**
 * The site's default list ("Newsletter"), made on first use. Two first uses at once make one
 * list: the partial unique index on the default answers the second insert, which then reads it.
 */
export async function defaultListId(db: Database, websiteId: string): Promise<string> {
  const [found] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.websiteId, websiteId), eq(mailingLists.isDefault, true)));
  if (found) return found.id;
  await db
    .insert(mailingLists)
    .values({ websiteId, name: 'Newsletter', isDefault: true })
    .onConflictDoNothing();
  const [made] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.websiteId, websiteId), eq(mailingLists.isDefault, true)));
  if (!made) throw new Error('default mailing list missing after insert');
  return made.id;
}

export interface JoinInput {
  websiteId: string;
  /** The list to join; the site's default list when absent. */
  listId?: string;
  email: string;
  source: ListSource;
  /** What the consent was given through: a form id, an import file, a page. */
  consentSource?: string;
  /** Ask for confirmation first (the list's own setting applies when absent). */
  doubleOptIn?: boolean;
}

export type JoinResult =
  | { ok: true; status: 'subscribed' | 'pending'; memberId: string; confirmToken: string | null }
  | { ok: false; code: 'LIST_NOT_FOUND' };

/**
 * Join a list (again). Joining twice keeps one row and its consent; joining after
 * unsubscribing joins again with a fresh unsubscribe token, so an old link stops working.
 * With double opt-in a new (or returning) member is pending with a confirmation token until
 * confirmed; a member already subscribed stays subscribed.
 */
export async function joinList(db: Database, input: JoinInput): Promise<JoinResult> {
  const listId = input.listId ?? (await defaultListId(db, input.websiteId));
  const [list] = await db
    .select({ doubleOptIn: mailingLists.doubleOptIn })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, input.websiteId)));
  if (!list) return { ok: false, code: 'LIST_NOT_FOUND' };
  const confirm = input.doubleOptIn ?? list.doubleOptIn;
  const status = confirm ? 'pending' : 'subscribed';
  const m = listMembers;
  const [row] = await db
    .insert(m)
    .values({
      websiteId: input.websiteId,
      listId,
      email: input.email.toLowerCase(),
      status,
      source: input.source,
      consentAt: sql`now()`,
      consentSource: input.consentSource ?? input.source,
      confirmToken: confirm ? token() : null,
      unsubscribeToken: token(),
    })
    .onConflictDoUpdate({
      target: [m.listId, m.email],
      set: {
        status: sql`case when ${m.status} = 'subscribed' then 'subscribed' else excluded.status end`,
        confirmToken: sql`case when ${m.status} = 'subscribed' then null when ${m.status} = 'pending' then coalesce(${m.confirmToken}, excluded.confirm_token) else excluded.confirm_token end`,
        unsubscribeToken: sql`case when ${m.status} = 'unsubscribed' then excluded.unsubscribe_token else ${m.unsubscribeToken} end`,
        consentAt: sql`case when ${m.status} = 'subscribed' then ${m.consentAt} else excluded.consent_at end`,
        consentSource: sql`case when ${m.status} = 'subscribed' then ${m.consentSource} else excluded.consent_source end`,
        source: sql`case when ${m.status} = 'subscribed' then ${m.source} else excluded.source end`,
        unsubscribedAt: sql`case when ${m.status} = 'subscribed' then ${m.unsubscribedAt} else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: m.id, status: m.status, confirmToken: m.confirmToken });
  if (!row) throw new Error('list member upsert returned nothing');
  return {
    ok: true,
    status: row.status === 'pending' ? 'pending' : 'subscribed',
    memberId: row.id,
    confirmToken: row.confirmToken,
  };
}

/** Confirm a pending double opt-in by its link token; false when no pending member of this site has it. */
export async function confirmMember(db: Database, websiteId: string, confirmToken: string): Promise<boolean> {
  const [row] = await db
    .update(listMembers)
    .set({ status: 'subscribed', confirmToken: null, consentAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(listMembers.websiteId, websiteId),
        eq(listMembers.confirmToken, confirmToken),
        eq(listMembers.status, 'pending'),
      ),
    )
    .returning({ id: listMembers.id });
  return Boolean(row);
}

/** Unsubscribe by link token (idempotent); false when no member of this site has that token. */
export async function unsubscribeByToken(db: Database, websiteId: string, unsubscribeToken: string) {
  const [row] = await db
    .update(listMembers)
    .set({
      status: 'unsubscribed',
      confirmToken: null,
      unsubscribedAt: sql`coalesce(${listMembers.unsubscribedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(listMembers.websiteId, websiteId), eq(listMembers.unsubscribeToken, unsubscribeToken)))
    .returning({ id: listMembers.id, listId: listMembers.listId, email: listMembers.email });
  return row ?? null;
}

/** Unsubscribe an e-mail from one list (an owner's action, or a provider reporting it); idempotent. */
export async function unsubscribeEmail(db: Database, websiteId: string, listId: string, email: string) {
  const [row] = await db
    .update(listMembers)
    .set({
      status: 'unsubscribed',
      confirmToken: null,
      unsubscribedAt: sql`coalesce(${listMembers.unsubscribedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(listMembers.websiteId, websiteId),
        eq(listMembers.listId, listId),
        eq(listMembers.email, email.toLowerCase()),
      ),
    )
    .returning({ id: listMembers.id });
  return Boolean(row);
}

/** The unsubscribe token of a subscribed member of a list (the default list when absent). */
export async function unsubscribeTokenFor(db: Database, websiteId: string, email: string, listId?: string) {
  const id = listId ?? (await defaultListId(db, websiteId));
  const [row] = await db
    .select({ token: listMembers.unsubscribeToken })
    .from(listMembers)
    .where(
      and(
        eq(listMembers.websiteId, websiteId),
        eq(listMembers.listId, id),
        eq(listMembers.email, email.toLowerCase()),
        eq(listMembers.status, 'subscribed'),
      ),
    );
  return row?.token ?? null;
}
