import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forms } from '../../db/schema/index';
import { listMembers, mailingLists } from '../../db/schema/newsletter';
import { type ListMemberRow, toListMember } from './member-view';
import { defaultListId, joinList } from './members';
import { CSV_BATCH, keysetBatches } from '../owner/csv';
import { notifySiteChanged } from '../studio/site-changed';

/** The owner's lists (Marketing → Mailing lists): make, rename, delete, members by hand. */

export type ListFailure =
  | {
      ok: false;
      code: 'LIST_NOT_FOUND' | 'NAME_TAKEN' | 'DEFAULT_KEPT' | 'MEMBER_NOT_FOUND' | 'FORM_NOT_FOUND';
    }
  | { ok: false; code: 'FORM_FIELDS_INVALID' };

const PAGE_SIZE = 50;

const memberColumns = {
  id: listMembers.id,
  email: listMembers.email,
  status: listMembers.status,
  source: listMembers.source,
  consentAt: listMembers.consentAt,
  consentSource: listMembers.consentSource,
  createdAt: listMembers.createdAt,
  unsubscribedAt: listMembers.unsubscribedAt,
};

/** The site's lists with their counts (the default list is made when missing), default first. */
export async function ownerLists(db: Database, websiteId: string) {
  await defaultListId(db, websiteId);
  const rows = await db
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      doubleOptIn: mailingLists.doubleOptIn,
      isDefault: mailingLists.isDefault,
      createdAt: mailingLists.createdAt,
      subscribed: sql<number>`cast(count(${listMembers.id}) filter (where ${listMembers.status} = 'subscribed') as int)`,
      pending: sql<number>`cast(count(${listMembers.id}) filter (where ${listMembers.status} = 'pending') as int)`,
      unsubscribed: sql<number>`cast(count(${listMembers.id}) filter (where ${listMembers.status} = 'unsubscribed') as int)`,
    })
    .from(mailingLists)
    .leftJoin(listMembers, eq(listMembers.listId, mailingLists.id))
    .where(eq(mailingLists.websiteId, websiteId))
    .groupBy(mailingLists.id)
    .orderBy(desc(mailingLists.isDefault), mailingLists.name);
  return rows.map((r) => ({
    ...r,
    subscribed: Number(r.subscribed),
    pending: Number(r.pending),
    unsubscribed: Number(r.unsubscribed),
    createdAt: r.createdAt.toISOString(),
  }));
}

async function oneList(db: Database, websiteId: string, listId: string) {
  return (await ownerLists(db, websiteId)).find((l) => l.id === listId) ?? null;
}

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || /unique/i.test(String(e)));

async function nameTaken(db: Database, websiteId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.websiteId, websiteId), sql`lower(${mailingLists.name}) = lower(${name})`));
  return Boolean(row && row.id !== exceptId);
}

export async function createList(
  db: Database,
  websiteId: string,
  input: { name: string; doubleOptIn: boolean },
) {
  if (await nameTaken(db, websiteId, input.name)) return { ok: false as const, code: 'NAME_TAKEN' as const };
  try {
    const [row] = await db
      .insert(mailingLists)
      .values({ websiteId, name: input.name, doubleOptIn: input.doubleOptIn })
      .returning({ id: mailingLists.id });
    const list = row && (await oneList(db, websiteId, row.id));
    if (!list) throw new Error('mailing list missing after insert');
    return { ok: true as const, list };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false as const, code: 'NAME_TAKEN' as const };
    throw error;
  }
}

export async function updateList(
  db: Database,
  websiteId: string,
  listId: string,
  input: { name?: string; doubleOptIn?: boolean },
) {
  if (!(await oneList(db, websiteId, listId))) return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
  if (input.name !== undefined && (await nameTaken(db, websiteId, input.name, listId)))
    return { ok: false as const, code: 'NAME_TAKEN' as const };
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.doubleOptIn !== undefined ? { doubleOptIn: input.doubleOptIn } : {}),
  };
  if (Object.keys(set).length > 0)
    await db
      .update(mailingLists)
      .set(set)
      .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, websiteId)));
  const list = await oneList(db, websiteId, listId);
  if (!list) return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
  return { ok: true as const, list };
}

export async function deleteList(db: Database, websiteId: string, listId: string) {
  const [row] = await db
    .select({ isDefault: mailingLists.isDefault })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, websiteId)));
  if (!row) return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
  if (row.isDefault) return { ok: false as const, code: 'DEFAULT_KEPT' as const };
  // Published newsletter blocks carry the list's signed token: the site's cached pages go,
  // so their next view signs up to the default list instead (every process, on commit).
  await db.transaction(async (tx) => {
    await tx
      .delete(mailingLists)
      .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, websiteId)));
    await notifySiteChanged(tx, websiteId);
  });
  return { ok: true as const };
}

/** A page of a list's members, newest first; `q` finds e-mails containing it. */
export async function listMembersPage(
  db: Database,
  websiteId: string,
  listId: string,
  query: { q?: string; status?: 'pending' | 'subscribed' | 'unsubscribed'; page: number },
) {
  if (!(await listExists(db, websiteId, listId)))
    return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
  const q = query.q?.trim().toLowerCase();
  const where = and(
    eq(listMembers.websiteId, websiteId),
    eq(listMembers.listId, listId),
    query.status ? eq(listMembers.status, query.status) : undefined,
    q ? ilike(listMembers.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(listMembers).where(where);
  const rows: ListMemberRow[] = await db
    .select(memberColumns)
    .from(listMembers)
    .where(where)
    .orderBy(desc(listMembers.createdAt), desc(listMembers.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const n = Number(total?.n ?? 0);
  return {
    ok: true as const,
    members: rows.map(toListMember),
    total: n,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / PAGE_SIZE)),
  };
}

export async function listExists(db: Database, websiteId: string, listId: string) {
  const [row] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, websiteId)));
  return Boolean(row);
}

async function memberById(db: Database, websiteId: string, listId: string, memberId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(listMembers)
    .where(
      and(eq(listMembers.websiteId, websiteId), eq(listMembers.listId, listId), eq(listMembers.id, memberId)),
    );
  return row ? toListMember(row) : null;
}

/**
 * The owner adds someone by hand: their consent is the owner's word (source and consent
 * source `owner`). It is subscribed at once: the owner vouches for it, no confirmation mail.
 */
export async function addMemberByHand(db: Database, websiteId: string, listId: string, email: string) {
  const joined = await joinList(db, {
    websiteId,
    listId,
    email,
    source: 'owner',
    consentSource: 'owner',
    doubleOptIn: false,
  });
  if (!joined.ok) return joined;
  const member = await memberById(db, websiteId, listId, joined.memberId);
  if (!member) return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
  return { ok: true as const, member };
}

export async function unsubscribeMember(db: Database, websiteId: string, listId: string, memberId: string) {
  await db
    .update(listMembers)
    .set({
      status: 'unsubscribed',
      confirmToken: null,
      unsubscribedAt: sql`coalesce(${listMembers.unsubscribedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(listMembers.websiteId, websiteId), eq(listMembers.listId, listId), eq(listMembers.id, memberId)),
    );
  const member = await memberById(db, websiteId, listId, memberId);
  return member ? { ok: true as const, member } : { ok: false as const, code: 'MEMBER_NOT_FOUND' as const };
}

export async function removeMember(db: Database, websiteId: string, listId: string, memberId: string) {
  const gone = await db
    .delete(listMembers)
    .where(
      and(eq(listMembers.websiteId, websiteId), eq(listMembers.listId, listId), eq(listMembers.id, memberId)),
    )
    .returning({ id: listMembers.id });
  return gone.length > 0 ? { ok: true as const } : { ok: false as const, code: 'MEMBER_NOT_FOUND' as const };
}

/**
 * Every member of a list, newest first, in keyset batches (the CSV export): an export of any
 * size holds one batch in memory. The key is the join time to the microsecond, then the id.
 */
export function memberBatches(db: Database, websiteId: string, listId: string) {
  const at = sql<string>`to_char(${listMembers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
  return keysetBatches(
    (after) =>
      db
        .select({ ...memberColumns, key: at })
        .from(listMembers)
        .where(
          and(
            eq(listMembers.websiteId, websiteId),
            eq(listMembers.listId, listId),
            after
              ? sql`(${listMembers.createdAt}, ${listMembers.id}) < (cast(${after[0]} as timestamp) at time zone 'UTC', ${after[1]})`
              : undefined,
          ),
        )
        .orderBy(desc(listMembers.createdAt), desc(listMembers.id))
        .limit(CSV_BATCH),
    (row) => [row.key, row.id],
  );
}

export type FormOptInMapping = { listId: string; emailFieldId: string; optInFieldId: string };

export async function readFormOptIn(db: Database, websiteId: string, formId: string) {
  const [row] = await db
    .select({ optIn: forms.listOptIn })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)));
  if (!row) return { ok: false as const, code: 'FORM_NOT_FOUND' as const };
  return { ok: true as const, optIn: row.optIn ?? null };
}

/** Map a form's e-mail field and opt-in checkbox to a list; both must be fields of that form. */
export async function saveFormOptIn(
  db: Database,
  websiteId: string,
  formId: string,
  optIn: FormOptInMapping | null,
) {
  const [row] = await db
    .select({ definition: forms.definition })
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)));
  if (!row) return { ok: false as const, code: 'FORM_NOT_FOUND' as const };
  if (optIn) {
    if (!(await listExists(db, websiteId, optIn.listId)))
      return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
    const fields = (row.definition.fields ?? []) as { id?: string; type?: string }[];
    const emailField = fields.find((f) => f.id === optIn.emailFieldId);
    const box = fields.find((f) => f.id === optIn.optInFieldId);
    if (emailField?.type !== 'email' || box?.type !== 'checkbox')
      return { ok: false as const, code: 'FORM_FIELDS_INVALID' as const };
  }
  await db
    .update(forms)
    .set({ listOptIn: optIn })
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)));
  return { ok: true as const, optIn };
}
