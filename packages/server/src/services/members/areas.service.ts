import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type MemberContentKind,
  type StoredLayout,
  collections,
  items,
  memberAreaContent,
  memberAreas,
  memberPlans,
  memberships,
  pageRevisions,
  pageSettings,
  productFiles,
  siteUsers,
} from '../../db/schema';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { joinUrlOf } from './content-gates';
import { grantMembership } from './memberships';

/**
 * Studio → Members: member areas, what each unlocks and who is in it. The rule that applies
 * what is set here is access.ts (every channel asks it: docs/members.md).
 */

const PAGE_TYPE = 10;
const STORE_ITEM = 11;

export interface AreaInput {
  name: string;
  slug: string;
  description: string;
  deniedMessage: string;
}

export interface AreaView {
  id: string;
  name: string;
  slug: string;
  description: string;
  deniedMessage: string;
  position: number;
  memberCount: number;
  contentCount: number;
  joinPath: string;
}

export interface ContentChoice {
  kind: MemberContentKind;
  ref: string;
  label: string;
  detail: string;
}

export interface MemberView {
  id: string;
  email: string;
  since: string;
  planName: string | null;
  status: 'active' | 'cancelled' | 'ended';
  source: 'free' | 'order' | 'subscription' | 'owner';
  endsAt: string | null;
  hasAccess: boolean;
}

/** "Video Lessons!" → "video-lessons" (the area's address when the owner leaves it empty). */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'members'
  );
}

/** Live now: what viewerAccess counts (access.ts). */
const liveNow = (now: Date) =>
  and(ne(memberships.status, 'ended'), or(isNull(memberships.endsAt), gt(memberships.endsAt, now)));

export async function listAreas(db: Database, websiteId: string, now = new Date()): Promise<AreaView[]> {
  const rows = await db
    .select()
    .from(memberAreas)
    .where(eq(memberAreas.websiteId, websiteId))
    .orderBy(asc(memberAreas.position), asc(memberAreas.name));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [members, content] = await Promise.all([
    db
      .select({ areaId: memberships.areaId, n: count() })
      .from(memberships)
      .where(and(eq(memberships.websiteId, websiteId), inArray(memberships.areaId, ids), liveNow(now)))
      .groupBy(memberships.areaId),
    db
      .select({ areaId: memberAreaContent.areaId, n: count() })
      .from(memberAreaContent)
      .where(and(eq(memberAreaContent.websiteId, websiteId), inArray(memberAreaContent.areaId, ids)))
      .groupBy(memberAreaContent.areaId),
  ]);
  const memberCount = new Map(members.map((m) => [m.areaId, Number(m.n)]));
  const contentCount = new Map(content.map((c) => [c.areaId, Number(c.n)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    deniedMessage: row.deniedMessage,
    position: row.position,
    memberCount: memberCount.get(row.id) ?? 0,
    contentCount: contentCount.get(row.id) ?? 0,
    joinPath: joinUrlOf(row.slug),
  }));
}

async function areaView(db: Database, websiteId: string, areaId: string): Promise<AreaView> {
  const area = (await listAreas(db, websiteId)).find((a) => a.id === areaId);
  if (!area) throw new Rejection('MEMBER_AREA_NOT_FOUND');
  return area;
}

async function slugTaken(db: Database, websiteId: string, slug: string, except: string | null) {
  const [row] = await db
    .select({ id: memberAreas.id })
    .from(memberAreas)
    .where(
      and(
        eq(memberAreas.websiteId, websiteId),
        eq(memberAreas.slug, slug),
        except ? ne(memberAreas.id, except) : undefined,
      ),
    );
  return Boolean(row);
}

export function createArea(db: Database, websiteId: string, input: AreaInput): Promise<Outcome<AreaView>> {
  return asOutcome(async () => {
    const slug = input.slug || slugOf(input.name);
    if (await slugTaken(db, websiteId, slug, null)) throw new Rejection('MEMBER_AREA_SLUG_TAKEN');
    const [last] = await db
      .select({ position: memberAreas.position })
      .from(memberAreas)
      .where(eq(memberAreas.websiteId, websiteId))
      .orderBy(desc(memberAreas.position))
      .limit(1);
    const [row] = await db
      .insert(memberAreas)
      .values({
        websiteId,
        name: input.name,
        slug,
        description: input.description,
        deniedMessage: input.deniedMessage,
        position: (last?.position ?? -1) + 1,
      })
      .onConflictDoNothing()
      .returning({ id: memberAreas.id });
    if (!row) throw new Rejection('MEMBER_AREA_SLUG_TAKEN');
    return areaView(db, websiteId, row.id);
  });
}

export function updateArea(
  db: Database,
  websiteId: string,
  areaId: string,
  input: AreaInput,
): Promise<Outcome<AreaView>> {
  return asOutcome(async () => {
    const slug = input.slug || slugOf(input.name);
    if (await slugTaken(db, websiteId, slug, areaId)) throw new Rejection('MEMBER_AREA_SLUG_TAKEN');
    const [row] = await db
      .update(memberAreas)
      .set({ name: input.name, slug, description: input.description, deniedMessage: input.deniedMessage })
      .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)))
      .returning({ id: memberAreas.id });
    if (!row) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    return areaView(db, websiteId, areaId);
  });
}

/** Delete an area: what it locked becomes public (unless another area locks it too). */
export function deleteArea(db: Database, websiteId: string, areaId: string): Promise<Outcome<true>> {
  return asOutcome(async () => {
    const [row] = await db
      .delete(memberAreas)
      .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)))
      .returning({ id: memberAreas.id });
    if (!row) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    return true as const;
  });
}

const words = (html: string, max = 48) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** A block's name in the picker: its type and the first words it shows. */
function blockLabel(block: { type: string; props: Record<string, unknown> }): string {
  const first = ['html', 'text', 'label', 'title', 'caption', 'markdown', 'altText']
    .map((key) => block.props[key])
    .find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const type = block.type.charAt(0).toUpperCase() + block.type.slice(1);
  return first ? `${type}: ${words(first)}` : `${type} block`;
}

/** Everything of the site an area could unlock, with the words the studio shows. */
export async function contentChoices(db: Database, websiteId: string): Promise<ContentChoice[]> {
  const cols = await db
    .select({ id: collections.id, title: collections.title, type: collections.type })
    .from(collections)
    .where(eq(collections.websiteId, websiteId))
    .orderBy(asc(collections.title));
  const colTitle = new Map(cols.map((c) => [c.id, c.title]));
  const [itemRows, layouts, files] = await Promise.all([
    db
      .select({
        id: items.id,
        title: items.title,
        collectionId: items.collectionId,
        recordType: items.recordType,
      })
      .from(items)
      .where(eq(items.websiteId, websiteId))
      .orderBy(asc(items.collectionId), asc(items.displayIndex), asc(items.title))
      .limit(2000),
    db
      .select({
        collectionId: pageSettings.collectionId,
        draft: pageSettings.draft,
        published: pageRevisions.layout,
      })
      .from(pageSettings)
      .leftJoin(pageRevisions, eq(pageRevisions.id, pageSettings.publishedRevisionId))
      .where(eq(pageSettings.websiteId, websiteId)),
    db
      .select({ itemId: productFiles.itemId, filename: productFiles.filename })
      .from(productFiles)
      .where(eq(productFiles.websiteId, websiteId)),
  ]);
  const choices: ContentChoice[] = [];
  for (const c of cols)
    choices.push(
      c.type === PAGE_TYPE
        ? { kind: 'page', ref: c.id, label: c.title, detail: 'Page' }
        : { kind: 'collection', ref: c.id, label: c.title, detail: c.type === 13 ? 'Store' : 'Collection' },
    );
  for (const i of itemRows)
    choices.push({
      kind: 'item',
      ref: i.id,
      label: i.title,
      detail: `${colTitle.get(i.collectionId) ?? ''}${i.recordType === STORE_ITEM ? ' · product' : ''}`,
    });
  for (const page of layouts) {
    const layout = (page.draft ?? page.published) as StoredLayout | null;
    const title = colTitle.get(page.collectionId);
    if (!layout || title === undefined) continue;
    for (const section of layout.sections)
      for (const block of section.blocks)
        choices.push({
          kind: 'block',
          ref: `${page.collectionId}:${block.id}`,
          label: blockLabel(block as { type: string; props: Record<string, unknown> }),
          detail: title,
        });
  }
  const itemTitle = new Map(itemRows.map((i) => [i.id, i.title]));
  for (const f of files)
    choices.push({
      kind: 'download',
      ref: f.itemId,
      label: itemTitle.get(f.itemId) ?? f.filename,
      detail: f.filename,
    });
  return choices;
}

async function areaExists(db: Database, websiteId: string, areaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberAreas.id })
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)));
  return Boolean(row);
}

export function areaContent(
  db: Database,
  websiteId: string,
  areaId: string,
): Promise<Outcome<{ content: ContentChoice[]; choices: ContentChoice[] }>> {
  return asOutcome(async () => {
    if (!(await areaExists(db, websiteId, areaId))) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    const [rows, choices] = await Promise.all([
      db
        .select({ kind: memberAreaContent.kind, ref: memberAreaContent.ref })
        .from(memberAreaContent)
        .where(and(eq(memberAreaContent.websiteId, websiteId), eq(memberAreaContent.areaId, areaId))),
      contentChoices(db, websiteId),
    ]);
    const byKey = new Map(choices.map((c) => [`${c.kind}\n${c.ref}`, c]));
    const content = rows.map(
      (r) =>
        byKey.get(`${r.kind}\n${r.ref}`) ?? { kind: r.kind, ref: r.ref, label: r.ref, detail: 'Removed' },
    );
    return { content, choices };
  });
}

/**
 * Set what an area unlocks: every entry must be a thing of this site (a page, collection, item,
 * block of a page, or digital product with a file); the list replaces the area's previous one.
 */
export function setAreaContent(
  db: Database,
  websiteId: string,
  areaId: string,
  wanted: readonly { kind: MemberContentKind; ref: string }[],
): Promise<Outcome<{ content: ContentChoice[]; choices: ContentChoice[] }>> {
  return asOutcome(async () => {
    if (!(await areaExists(db, websiteId, areaId))) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    const choices = await contentChoices(db, websiteId);
    const known = new Set(choices.map((c) => `${c.kind}\n${c.ref}`));
    const unique = [...new Map(wanted.map((w) => [`${w.kind}\n${w.ref}`, w])).values()];
    if (unique.some((w) => !known.has(`${w.kind}\n${w.ref}`))) throw new Rejection('MEMBER_CONTENT_UNKNOWN');
    await db.transaction(async (tx) => {
      await tx
        .delete(memberAreaContent)
        .where(and(eq(memberAreaContent.websiteId, websiteId), eq(memberAreaContent.areaId, areaId)));
      if (unique.length)
        await tx
          .insert(memberAreaContent)
          .values(unique.map((w) => ({ websiteId, areaId, kind: w.kind, ref: w.ref })));
    });
    const result = await areaContent(db, websiteId, areaId);
    if (!result.ok) throw new Rejection(result.reason);
    return result.value;
  });
}

export function listMembers(
  db: Database,
  websiteId: string,
  areaId: string,
  now = new Date(),
): Promise<Outcome<MemberView[]>> {
  return asOutcome(async () => {
    if (!(await areaExists(db, websiteId, areaId))) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    const rows = await db
      .select({
        id: memberships.id,
        email: siteUsers.email,
        startedAt: memberships.startedAt,
        planName: memberPlans.name,
        status: memberships.status,
        source: memberships.source,
        endsAt: memberships.endsAt,
      })
      .from(memberships)
      .innerJoin(siteUsers, eq(siteUsers.id, memberships.siteUserId))
      .leftJoin(memberPlans, eq(memberPlans.id, memberships.planId))
      .where(and(eq(memberships.websiteId, websiteId), eq(memberships.areaId, areaId)))
      .orderBy(sql`${memberships.status} = 'ended'`, desc(memberships.startedAt))
      .limit(1000);
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      since: r.startedAt.toISOString(),
      planName: r.planName ?? null,
      status: r.status,
      source: r.source,
      endsAt: r.endsAt?.toISOString() ?? null,
      hasAccess: r.status !== 'ended' && (r.endsAt === null || r.endsAt > now),
    }));
  });
}

/** The owner lets a customer (an account of this site, by e-mail) into an area. */
export function addMemberByEmail(
  db: Database,
  websiteId: string,
  areaId: string,
  email: string,
): Promise<Outcome<MemberView>> {
  return asOutcome(async () => {
    if (!(await areaExists(db, websiteId, areaId))) throw new Rejection('MEMBER_AREA_NOT_FOUND');
    const [user] = await db
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, websiteId), sql`lower(${siteUsers.email}) = lower(${email})`))
      .limit(1);
    if (!user) throw new Rejection('MEMBER_CUSTOMER_NOT_FOUND');
    const [live] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.websiteId, websiteId),
          eq(memberships.areaId, areaId),
          eq(memberships.siteUserId, user.id),
          liveNow(new Date()),
        ),
      );
    if (live) throw new Rejection('MEMBER_ALREADY');
    const { membershipId } = await db.transaction((tx) =>
      grantMembership(tx, { websiteId, siteUserId: user.id, areaId, planId: null, source: 'owner' }),
    );
    const listed = await listMembers(db, websiteId, areaId);
    const member = listed.ok ? listed.value.find((m) => m.id === membershipId) : undefined;
    if (!member) throw new Rejection('MEMBERSHIP_NOT_FOUND');
    return member;
  });
}

/** Remove a member: the membership ends now (kept, as 'ended', for the record). */
export function removeMember(
  db: Database,
  websiteId: string,
  areaId: string,
  membershipId: string,
): Promise<Outcome<true>> {
  return asOutcome(async () => {
    const [row] = await db
      .update(memberships)
      .set({ status: 'ended', endsAt: sql`least(coalesce(${memberships.endsAt}, now()), now())` })
      .where(
        and(
          eq(memberships.websiteId, websiteId),
          eq(memberships.areaId, areaId),
          eq(memberships.id, membershipId),
          ne(memberships.status, 'ended'),
        ),
      )
      .returning({ id: memberships.id });
    if (!row) throw new Rejection('MEMBERSHIP_NOT_FOUND');
    return true as const;
  });
}
