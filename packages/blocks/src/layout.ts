import { z } from 'zod';
import { type BlockType, blockTypeNames, blockTypes } from './block-types';

/** Spec §9: max blocks per layout. */
export const MAX_BLOCKS_PER_LAYOUT = 60;
export const TOO_MANY_BLOCKS_MESSAGE = `A page can hold at most ${MAX_BLOCKS_PER_LAYOUT} blocks. Remove a block before adding another.`;
const MAX_SECTIONS = 30;

export interface Block {
  id: string;
  type: BlockType;
  props: Record<string, unknown>;
}
export interface Section {
  id: string;
  blocks: Block[];
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
      }),
    )
    .max(MAX_SECTIONS),
});

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
    layout.sections.push({ id: section.id, blocks });
  }
  if (blockCount(layout) > MAX_BLOCKS_PER_LAYOUT) return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  return { ok: true, layout };
}
