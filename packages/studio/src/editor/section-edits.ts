import {
  type Layout,
  MAX_BLOCKS_PER_LAYOUT,
  type Section,
  type SectionBackground,
  type SectionPadding,
  TOO_MANY_BLOCKS_MESSAGE,
  blockCount,
  checkLayout,
} from '@store/blocks';

/** Section settings changes the section panel and the "Add section" menu make (pure). */

export type SectionEdit = { ok: true; layout: Layout } | { ok: false; message: string };

/** The most sections a page holds (the layout schema's limit). */
export const MAX_SECTIONS = 30;
export const TOO_MANY_SECTIONS_MESSAGE = `A page can hold at most ${MAX_SECTIONS} sections. Remove a section before adding another.`;

/** The id of the section holding a block, or null. */
export function sectionOfBlock(layout: Layout, blockId: string | null): string | null {
  if (!blockId) return null;
  return layout.sections.find((s) => s.blocks.some((b) => b.id === blockId))?.id ?? null;
}

/** The layout with one section replaced by `edit(section)`. */
export function updateSection(layout: Layout, sectionId: string, edit: (s: Section) => Section): Layout {
  return { ...layout, sections: layout.sections.map((s) => (s.id === sectionId ? edit(s) : s)) };
}

/**
 * A section with its background changed: `patch` keys set to undefined are removed, and a
 * background left empty goes altogether (the section then renders as plain again if it has
 * no other setting).
 */
export function withBackground(section: Section, patch: Partial<SectionBackground>): Section {
  const merged: Record<string, unknown> = { ...section.background, ...patch };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const { background: _old, ...rest } = section;
  return Object.keys(merged).length ? { ...rest, background: merged as SectionBackground } : rest;
}

/** A section with its padding set, or back to the theme's (undefined). */
export function withPadding(section: Section, padding: SectionPadding | undefined): Section {
  const { padding: _old, ...rest } = section;
  return padding ? { ...rest, padding } : rest;
}

/** A section whose phone arrangement follows the desktop one again. */
export function derivedPhone(section: Section): Section {
  if (!section.grid?.phone) return section;
  return { ...section, grid: { desktop: section.grid.desktop } };
}

/**
 * Insert a section after `afterId` (at the end when absent or unknown), within the page's
 * limits; the result is checked as the server will check it.
 */
export function insertSection(layout: Layout, section: Section, afterId?: string | null): SectionEdit {
  if (layout.sections.length >= MAX_SECTIONS) return { ok: false, message: TOO_MANY_SECTIONS_MESSAGE };
  if (blockCount(layout) + section.blocks.length > MAX_BLOCKS_PER_LAYOUT)
    return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  const at = layout.sections.findIndex((s) => s.id === afterId);
  const sections = [...layout.sections];
  sections.splice(at < 0 ? sections.length : at + 1, 0, section);
  const next = { ...layout, sections };
  const checked = checkLayout(next);
  return checked.ok ? { ok: true, layout: next } : { ok: false, message: checked.message };
}
