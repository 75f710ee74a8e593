import { z } from 'zod';
import { type BlockType, blockTypeNames, blockTypes } from './block-types';
import {
  type Breakpoint,
  GRID_COLUMNS,
  MAX_ROW,
  MAX_ROW_SPAN,
  type SectionGrid,
  normalisePlacements,
} from './grid';
import { allowedUrl } from './html-policy';

/** Spec §9: max blocks per layout. */
export const MAX_BLOCKS_PER_LAYOUT = 60;
export const TOO_MANY_BLOCKS_MESSAGE = `A page can hold at most ${MAX_BLOCKS_PER_LAYOUT} blocks. Remove a block before adding another.`;
const MAX_SECTIONS = 30;

export interface Block {
  id: string;
  type: BlockType;
  props: Record<string, unknown>;
}
/** A section's background, painted behind its blocks (colour, then image or video, then overlay). */
export interface SectionBackground {
  /** #rrggbb */
  color?: string;
  /** An image from the media library (mediaId) or by address; the focal point (0..1 from the left / top) stays in view when cropped. */
  image?: { src: string; mediaId?: string; focalX: number; focalY: number; alt?: string };
  /** A video file of this site, or a YouTube / Vimeo link; plays muted and looping. */
  video?: { url: string };
  /** How much the background is darkened so text on it stays readable: 0 (none) to 1 (black). */
  overlay?: number;
  /** The owner's choice of text colour on this background; absent: chosen from the background. */
  text?: 'light' | 'dark';
}
export const SECTION_PADDINGS = ['none', 'small', 'medium', 'large'] as const;
export type SectionPadding = (typeof SECTION_PADDINGS)[number];
/**
 * A band of the page. Without `grid` its blocks stack one under another (and render
 * exactly as they always have); with it they sit where the grid places them (see grid.ts).
 */
export interface Section {
  id: string;
  blocks: Block[];
  background?: SectionBackground;
  padding?: SectionPadding;
  grid?: SectionGrid;
}
/** A page's content: sections of blocks, stored as JSON (draft and published revisions). */
export interface Layout {
  sections: Section[];
}

const blockId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c.');
const share = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, `${what} must be between 0 and 1.`)
    .max(1, `${what} must be between 0 and 1.`);
const mediaUrl = z
  .string()
  .trim()
  .min(1, 'Choose an image.')
  .max(2048, 'The address is too long.')
  // The site's policy loads images from the site only: an image of its media library.
  .refine(
    (u) => /^\/(?![/\\])/.test(u) && allowedUrl('img', 'src', u),
    'Choose an image from the media library.',
  );
const backgroundSchema = z.strictObject(
  {
    color: hexColor.optional(),
    image: z
      .strictObject({
        src: mediaUrl,
        mediaId: z.string().max(64).optional(),
        focalX: share('The focal point'),
        focalY: share('The focal point'),
        alt: z.string().max(500, 'The description is too long.').optional(),
      })
      .optional(),
    video: z
      .strictObject({
        url: z
          .string()
          .trim()
          .min(1, 'Add a video link.')
          .max(2048, 'The address is too long.')
          .refine(
            (u) => allowedUrl('video', 'src', u),
            'Use a video link (https://…) or a video of this site.',
          ),
      })
      .optional(),
    overlay: share('The overlay').optional(),
    text: z.enum(['light', 'dark'], { error: 'Text on a background is light or dark.' }).optional(),
  },
  { error: 'Unknown background setting.' },
);
const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(1, `${what} must be at least 1.`)
    .max(max, `${what} must be at most ${max}.`);
const placementSchema = z.strictObject({
  blockId,
  col: whole('The column', GRID_COLUMNS.desktop),
  row: whole('The row', MAX_ROW),
  colSpan: whole('The width in columns', GRID_COLUMNS.desktop),
  rowSpan: whole('The height in rows', MAX_ROW_SPAN),
});
const gridSchema = z.strictObject({
  desktop: z.array(placementSchema).max(MAX_BLOCKS_PER_LAYOUT),
  phone: z.array(placementSchema).max(MAX_BLOCKS_PER_LAYOUT).optional(),
});

/**
 * A layout's shape (sections of blocks of known types); the API contract declares request
 * bodies with it. Props per block type, unique ids and the block limit are checkLayout's.
 */
export const layoutSchema = z.object({
  sections: z
    .array(
      z.object({
        id: blockId,
        blocks: z.array(
          z.object({
            id: blockId,
            type: z.enum(blockTypeNames as [BlockType, ...BlockType[]]),
            props: z.record(z.string(), z.unknown()).default({}),
          }),
        ),
        background: backgroundSchema.optional(),
        padding: z.enum(SECTION_PADDINGS, { error: 'Padding is none, small, medium or large.' }).optional(),
        grid: gridSchema.optional(),
      }),
    )
    .max(MAX_SECTIONS),
});

const SECTION_FIELDS = new Set(['background', 'padding', 'grid']);

export type LayoutCheck = { ok: true; layout: Layout } | { ok: false; message: string; path?: string };

/** Count of blocks across sections. */
export function blockCount(layout: Layout): number {
  return layout.sections.reduce((n, s) => n + s.blocks.length, 0);
}

/**
 * Validate a layout from the studio: known block types, props by their schema (defaults
 * filled in), unique ids, and at most 60 blocks (spec §9). Returns the normalised layout
 * or the first problem as a message an owner can act on.
 */
export function checkLayout(input: unknown): LayoutCheck {
  const parsed = layoutSchema.safeParse(input);
  if (!parsed.success) {
    // A failed parse always carries an issue; the fallbacks only keep the types honest.
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    const [top, s, field] = issue?.path ?? [];
    // Section settings speak to the owner: "Section 2: Use a colour like #1a2b3c."
    if (top === 'sections' && typeof s === 'number' && SECTION_FIELDS.has(String(field)))
      return { ok: false, message: `Section ${s + 1}: ${issue?.message ?? 'invalid'}`, path };
    return { ok: false, message: `${path || 'layout'}: ${issue?.message ?? 'invalid'}`, path };
  }
  const layout: Layout = { sections: [] };
  const ids = new Set<string>();
  for (const [s, section] of parsed.data.sections.entries()) {
    const blocks: Block[] = [];
    for (const [b, block] of section.blocks.entries()) {
      if (ids.has(block.id)) return { ok: false, message: `Block id ${block.id} is used twice.` };
      ids.add(block.id);
      const props = blockTypes[block.type].props.safeParse(block.props);
      if (!props.success) {
        const issue = props.error.issues[0];
        const where = issue?.path.join('.') ?? '';
        return {
          ok: false,
          message: `${blockTypes[block.type].label} block: ${where} ${issue?.message ?? 'invalid'}`,
          path: `sections.${s}.blocks.${b}.props.${where}`,
        };
      }
      blocks.push({ id: block.id, type: block.type, props: props.data as Record<string, unknown> });
    }
    const out: Section = { id: section.id, blocks };
    if (section.background) out.background = section.background;
    if (section.padding) out.padding = section.padding;
    if (section.grid) {
      const grid = checkGrid(section.grid, blocks, s);
      if (!grid.ok) return grid;
      out.grid = grid.grid;
    }
    layout.sections.push(out);
  }
  if (blockCount(layout) > MAX_BLOCKS_PER_LAYOUT) return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  return { ok: true, layout };
}

/**
 * A section's grid against its blocks: every placement names a block of this section, once
 * per arrangement, and fits in that arrangement's columns. What is merely untidy is put
 * right rather than refused (see normalisePlacements): overlaps are pushed down and blocks
 * without a placement are added at the bottom.
 */
function checkGrid(
  grid: SectionGrid,
  blocks: readonly Block[],
  s: number,
): { ok: true; grid: SectionGrid } | { ok: false; message: string; path: string } {
  const ids = blocks.map((b) => b.id);
  const known = new Set(ids);
  const where = `Section ${s + 1}`;
  const check = (list: SectionGrid['desktop'], bp: Breakpoint) => {
    const columns = GRID_COLUMNS[bp];
    const seen = new Set<string>();
    for (const [i, p] of list.entries()) {
      const path = `sections.${s}.grid.${bp}.${i}`;
      const name = bp === 'desktop' ? 'desktop' : 'phone';
      if (!known.has(p.blockId))
        return {
          message: `${where}: the ${name} layout places block ${p.blockId}, which is not in this section.`,
          path,
        };
      if (seen.has(p.blockId))
        return { message: `${where}: the ${name} layout places block ${p.blockId} twice.`, path };
      seen.add(p.blockId);
      if (p.colSpan > columns || p.col + p.colSpan - 1 > columns)
        return {
          message: `${where}: block ${p.blockId} reaches past column ${columns} of the ${name} layout (${columns} columns).`,
          path,
        };
    }
    return null;
  };
  const bad = check(grid.desktop, 'desktop') ?? (grid.phone ? check(grid.phone, 'phone') : null);
  if (bad) return { ok: false, ...bad };
  const out: SectionGrid = { desktop: normalisePlacements(grid.desktop, 'desktop', ids) };
  if (grid.phone) out.phone = normalisePlacements(grid.phone, 'phone', ids);
  return { ok: true, grid: out };
}
