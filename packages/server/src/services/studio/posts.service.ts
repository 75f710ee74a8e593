import type { PostInput } from '@store/api';
import { and, desc, eq } from 'drizzle-orm';
import { lockName } from '../../db/advisory-lock';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { categories, collections, items } from '../../db/schema/index';
import { Rejection, asOutcome } from '../../reasons';
import { cleanHtml } from '../html/clean-html';
import { CollectionType, RecordType } from '@store/commerce';
import { notifySiteChanged } from './site-changed';
import { slugify, uniqueName } from './unique-name';

/** Spec §9: tag 50, category 25 characters. */
export const TAG_MAX = 50;
export const CATEGORY_MAX = 25;

async function blogOf(db: Database | Tx, websiteId: string, collectionId: string) {
  const [blog] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId)));
  if (!blog || blog.type !== CollectionType.generic) throw new Rejection('CONTENT_NOT_FOUND');
  return blog;
}

/** Spec §8 "This {tagType} already exists": names are unique without regard to case. */
function distinct(names: string[], kind: 'tag' | 'category', max: number): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const name = raw.trim();
    if (!name || name.length > max) throw new Rejection('POST_NAME_LENGTH', { kind, max: String(max) });
    if (seen.has(name.toLowerCase())) throw new Rejection('POST_NAME_REPEATED', { kind });
    seen.add(name.toLowerCase());
    return name;
  });
}

export function listPosts(db: Database, websiteId: string, collectionId: string) {
  return asOutcome(async () => {
    const blog = await blogOf(db, websiteId, collectionId);
    const [rows, cats] = await Promise.all([
      db
        .select()
        .from(items)
        .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, blog.id)))
        .orderBy(desc(items.publishOn)),
      db.select().from(categories).where(eq(categories.collectionId, blog.id)),
    ]);
    const catName = new Map(cats.map((c) => [c.id, c.displayName]));
    return {
      blog: { id: blog.id, title: blog.title, urlId: blog.urlId },
      posts: rows.map((r) => ({
        id: r.id,
        title: r.title,
        urlId: r.urlId,
        fullUrl: `/${blog.urlId}/${r.urlId}`,
        excerpt: r.excerpt,
        body: r.body,
        author: r.author ?? '',
        publishOn: r.publishOn.toISOString(),
        tags: r.tags,
        categories: r.categoryIds.map((id) => catName.get(id)).filter((name) => name !== undefined),
        mainImage: r.mainImage,
      })),
    };
  });
}

export function createPost(db: Database, websiteId: string, collectionId: string, title: string) {
  return asOutcome(async () => {
    return db.transaction(async (tx) => {
      const blog = await blogOf(tx, websiteId, collectionId);
      // One post's slug at a time per blog: posts titled alike at once each get a free slug.
      await lockName(tx, `item-slugs:${blog.id}`);
      const taken = await tx
        .select({ urlId: items.urlId })
        .from(items)
        .where(eq(items.collectionId, blog.id));
      const row = theRow(
        await tx
          .insert(items)
          .values({
            websiteId,
            collectionId: blog.id,
            recordType: RecordType.text,
            title,
            urlId: uniqueName(title, new Set(taken.map((t) => t.urlId)), 'post'),
          })
          .returning({ id: items.id, urlId: items.urlId }),
        'insert into items',
      );
      await notifySiteChanged(tx, websiteId);
      return row;
    });
  });
}

/**
 * A category named for the first time; when another save created the same one a moment
 * earlier (its slug is taken), that one is used: two posts tagged at once share it.
 */
async function addCategory(
  tx: Tx,
  websiteId: string,
  collectionId: string,
  name: string,
  existingCount: number,
): Promise<string> {
  const slug = slugify(name) || `c-${existingCount}`;
  const [created] = await tx
    .insert(categories)
    .values({ websiteId, collectionId, displayName: name, slug })
    .onConflictDoNothing({ target: [categories.collectionId, categories.slug] })
    .returning({ id: categories.id });
  if (created) return created.id;
  const twin = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.collectionId, collectionId), eq(categories.slug, slug)));
  return theRow(twin, 'select the category a concurrent save created').id;
}

/** Save a post: text, author, date, tags (≤ 50) and categories (≤ 25, created on first use). */
export function updatePost(
  db: Database,
  websiteId: string,
  collectionId: string,
  id: string,
  input: PostInput,
) {
  return asOutcome(async () => {
    const tags = input.tags ? distinct(input.tags, 'tag', TAG_MAX) : undefined;
    const names = input.categories ? distinct(input.categories, 'category', CATEGORY_MAX) : undefined;
    await db.transaction(async (tx) => {
      const blog = await blogOf(tx, websiteId, collectionId);
      let categoryIds: string[] | undefined;
      if (names) {
        const existing = await tx.select().from(categories).where(eq(categories.collectionId, blog.id));
        categoryIds = [];
        for (const name of names) {
          const found = existing.find((c) => c.displayName.toLowerCase() === name.toLowerCase());
          if (found) categoryIds.push(found.id);
          else categoryIds.push(await addCategory(tx, websiteId, blog.id, name, existing.length));
        }
      }
      const updated = await tx
        .update(items)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.excerpt !== undefined ? { excerpt: cleanHtml(input.excerpt, 'rich') } : {}),
          ...(input.body !== undefined ? { body: cleanHtml(input.body, 'rich') } : {}),
          ...(input.author !== undefined ? { author: input.author || null } : {}),
          ...(input.publishOn !== undefined ? { publishOn: new Date(input.publishOn) } : {}),
          ...(tags ? { tags } : {}),
          ...(categoryIds ? { categoryIds } : {}),
          ...(input.mainImage !== undefined ? { mainImage: input.mainImage } : {}),
        })
        .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, blog.id), eq(items.id, id)))
        .returning({ id: items.id });
      if (!updated.length) throw new Rejection('CONTENT_NOT_FOUND');
      await notifySiteChanged(tx, websiteId);
    });
  });
}

export function deletePost(db: Database, websiteId: string, collectionId: string, id: string) {
  return asOutcome(async () => {
    await db.transaction(async (tx) => {
      await blogOf(tx, websiteId, collectionId);
      const gone = await tx
        .delete(items)
        .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.id, id)))
        .returning({ id: items.id });
      if (!gone.length) throw new Rejection('CONTENT_NOT_FOUND');
      await notifySiteChanged(tx, websiteId);
    });
  });
}
