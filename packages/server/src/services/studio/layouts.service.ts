import { type Layout, checkLayout } from '@store/blocks';
import { and, desc, eq, sql } from 'drizzle-orm';
import { lockName } from '../../db/advisory-lock';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { type StoredLayout, pageRevisions, pageSettings } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { cleanLayoutHtml } from '../html/clean-content';
import { withRenderedMarkdown } from '../html/published-markdown';
import { findPage } from './pages.service';
import { notifySiteChanged } from './site-changed';

/**
 * Validate a layout from the studio; a bad one (or one past 60 blocks) is a 400 with the
 * reason. Its blocks' HTML is sanitised (embeds may frame the site's allowed origins,
 * `frameOrigins`), and checked again (escaping can lengthen it).
 */
export function parseLayout(input: unknown, frameOrigins: readonly string[] = []): Outcome<Layout> {
  const checked = checkLayout(input);
  if (!checked.ok) return { ok: false, reason: 'LAYOUT_INVALID', message: checked.message };
  const cleaned = checkLayout(cleanLayoutHtml(checked.layout, frameOrigins));
  if (!cleaned.ok) return { ok: false, reason: 'LAYOUT_INVALID', message: cleaned.message };
  return { ok: true, value: cleaned.layout };
}

/** A page that predates blocks: its HTML body becomes one text block, so nothing is lost. */
export function layoutFromBody(title: string, body: string): StoredLayout {
  const blocks: StoredLayout['sections'][number]['blocks'] = [];
  if (!/<h1[\s>]/i.test(body))
    blocks.push({ id: 'legacy-title', type: 'heading', props: { text: title, level: 1 } });
  if (body.trim()) blocks.push({ id: 'legacy-body', type: 'text', props: { html: body } });
  return { sections: [{ id: 'legacy', blocks }] };
}

async function settingsOf(db: Database, collectionId: string) {
  const [row] = await db.select().from(pageSettings).where(eq(pageSettings.collectionId, collectionId));
  return row;
}

/** The published layout of a page, or null when it has none (legacy HTML body pages). */
export async function publishedLayout(db: Database, collectionId: string): Promise<StoredLayout | null> {
  const settings = await settingsOf(db, collectionId);
  if (!settings?.publishedRevisionId) return null;
  const [rev] = await db
    .select()
    .from(pageRevisions)
    .where(eq(pageRevisions.id, settings.publishedRevisionId));
  return rev?.layout ?? null;
}

/** A stored layout passed checkLayout when it was saved (or is a legacy body's heading and text). */
const asLayout = (stored: StoredLayout): Layout => stored as Layout;

/** What the page editor opens: the draft (or the live layout), the live one, and the revisions. */
export function getPageLayout(db: Database, websiteId: string, id: string) {
  return asOutcome(async () => {
    const page = await findPage(db, websiteId, id);
    const settings = await settingsOf(db, id);
    const stored = await publishedLayout(db, id);
    const published = stored && asLayout(stored);
    const revisions = await db
      .select({ id: pageRevisions.id, createdAt: pageRevisions.createdAt })
      .from(pageRevisions)
      .where(eq(pageRevisions.collectionId, id))
      .orderBy(desc(pageRevisions.createdAt))
      .limit(50);
    return {
      pageId: id,
      title: page.title,
      fullUrl: page.urlId === 'home' ? '/' : `/${page.urlId}`,
      draft: asLayout(settings?.draft ?? published ?? layoutFromBody(page.title, page.body)),
      published,
      publishedRevisionId: settings?.publishedRevisionId ?? null,
      draftSavedAt: settings?.draftSavedAt?.toISOString() ?? null,
      revisions: revisions.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        live: r.id === settings?.publishedRevisionId,
      })),
    };
  });
}

/** Autosave: keep the owner's draft; visitors still see the published layout. */
export function saveDraft(db: Database, websiteId: string, id: string, layout: Layout) {
  return asOutcome(async () => {
    await findPage(db, websiteId, id);
    return storeDraft(db, websiteId, id, layout);
  });
}

async function storeDraft(db: Database, websiteId: string, id: string, layout: Layout) {
  const now = new Date();
  await db
    .insert(pageSettings)
    .values({ collectionId: id, websiteId, draft: layout, draftSavedAt: now })
    .onConflictDoUpdate({ target: pageSettings.collectionId, set: { draft: layout, draftSavedAt: now } });
  return { draftSavedAt: now.toISOString() };
}

/**
 * Publish: the layout becomes a new revision and the live one, the page goes live, and
 * `site_changed` is notified in the same transaction so every process's page cache drops
 * the site at commit.
 */
export function publishLayout(db: Database, websiteId: string, id: string, draft: Layout) {
  return asOutcome(async () => {
    await findPage(db, websiteId, id);
    const layout = await withRenderedMarkdown(draft);
    return db.transaction(async (tx) => {
      // One publish of a page at a time, its revision stamped once it holds the lock (the clock,
      // not the transaction's start): the publish that commits last is the newest revision,
      // so the live page is always the newest one, whatever order concurrent publishes began in.
      await lockName(tx, `publish:${id}`);
      const rev = theRow(
        await tx
          .insert(pageRevisions)
          .values({ websiteId, collectionId: id, layout, createdAt: sql`clock_timestamp()` })
          .returning({ id: pageRevisions.id, createdAt: pageRevisions.createdAt }),
        'insert into page_revisions',
      );
      const live = {
        publishedRevisionId: rev.id,
        draft: null,
        draftSavedAt: null,
        status: 'PUBLISHED' as const,
      };
      await tx
        .insert(pageSettings)
        .values({ collectionId: id, websiteId, ...live })
        .onConflictDoUpdate({ target: pageSettings.collectionId, set: live });
      await notifySiteChanged(tx, websiteId);
      return { revisionId: rev.id, publishedAt: rev.createdAt.toISOString() };
    });
  });
}

/** Restore: an older revision's layout becomes the draft (publish to make it live again). */
export function restoreRevision(db: Database, websiteId: string, id: string, revisionId: string) {
  return asOutcome(async () => {
    await findPage(db, websiteId, id);
    const [rev] = await db
      .select()
      .from(pageRevisions)
      .where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.collectionId, id)));
    if (!rev) throw new Rejection('CONTENT_NOT_FOUND');
    const draft = asLayout(rev.layout);
    await storeDraft(db, websiteId, id, draft);
    return { draft };
  });
}
