import { type Layout, blockTypes } from '@store/blocks';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections, pageRevisions, pageSettings } from '../../db/schema/index';

/**
 * Longer texts a visitor reads (typed in a text area): a quote, an accordion's entries, a
 * Markdown block, a newsletter's description. Other text areas hold code, embed markup,
 * links or an address, which stay as they are in every language.
 */
const READ_TEXT_AREAS = new Set([
  'quote.text',
  'accordion.items',
  'markdown.markdown',
  'newsletter.description',
]);

/**
 * The translatable props of a block: its plain text (headings, captions, button labels …),
 * the text areas visitors read, and its rich text (a text block's HTML, translated in the
 * studio's rich-text editor and rendered as the block's own HTML is).
 */
export function textFields(type: string): { name: string; label: string; multiline: boolean }[] {
  const def = (
    blockTypes as Record<string, { label: string; fields: { name: string; label: string; kind: string }[] }>
  )[type];
  return (def?.fields ?? [])
    .filter(
      (f) =>
        f.kind === 'text' ||
        f.kind === 'richtext' ||
        (f.kind === 'textarea' && READ_TEXT_AREAS.has(`${type}.${f.name}`)),
    )
    .map((f) => ({
      name: f.name,
      label: `${def?.label ?? type}: ${f.label}`,
      multiline: f.kind === 'textarea',
    }));
}

/** A block's translation subject: the page it is on and its id (ids are unique per page). */
export const blockSubjectId = (collectionId: string, blockId: string) => `${collectionId}/${blockId}`;

/** The text props of the blocks of every published page layout, with their default text. */
export async function publishedBlockTexts(db: Database, websiteId: string) {
  const rows = await db
    .select({ collectionId: collections.id, page: collections.title, layout: pageRevisions.layout })
    .from(pageSettings)
    .innerJoin(collections, eq(collections.id, pageSettings.collectionId))
    .innerJoin(pageRevisions, eq(pageRevisions.id, pageSettings.publishedRevisionId))
    .where(eq(collections.websiteId, websiteId));
  const out: { subjectId: string; field: string; label: string; defaultText: string }[] = [];
  for (const row of rows)
    for (const section of (row.layout as Layout).sections ?? [])
      for (const block of section.blocks ?? [])
        for (const field of textFields(block.type)) {
          const value = block.props?.[field.name];
          if (typeof value === 'string' && value.trim())
            out.push({
              subjectId: blockSubjectId(row.collectionId, block.id),
              field: field.name,
              label: `${row.page} · ${field.label}`,
              defaultText: value,
            });
        }
  return out;
}

/** A copy of a page's layout with its blocks' translated text props (the rest unchanged). */
export function translateLayout(
  layout: Layout,
  collectionId: string,
  lookup: (subjectId: string, field: string) => string | undefined,
): Layout {
  return {
    ...layout,
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) => {
        const props = { ...block.props };
        for (const field of textFields(block.type)) {
          const value = lookup(blockSubjectId(collectionId, block.id), field.name);
          if (value) props[field.name] = value;
        }
        return { ...block, props };
      }),
    })),
  };
}
