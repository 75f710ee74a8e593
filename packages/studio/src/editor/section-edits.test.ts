import { type Layout, type Section, TOO_MANY_BLOCKS_MESSAGE, heroSection } from '@store/blocks';
import { describe, expect, it } from 'vitest';
import {
  TOO_MANY_SECTIONS_MESSAGE,
  derivedPhone,
  insertSection,
  sectionOfBlock,
  updateSection,
  withBackground,
  withPadding,
} from './section-edits';

const text = (id: string) => ({ id, type: 'text' as const, props: { html: '' } });
const layout: Layout = {
  sections: [
    { id: 'a', blocks: [text('a1')] },
    { id: 'b', blocks: [text('b1'), text('b2')] },
  ],
};

describe('section edits', () => {
  it('finds the section of a block', () => {
    expect(sectionOfBlock(layout, 'b2')).toBe('b');
    expect(sectionOfBlock(layout, 'zz')).toBeNull();
    expect(sectionOfBlock(layout, null)).toBeNull();
  });

  it('changes the background and drops it when emptied, so the section is plain again', () => {
    const coloured = withBackground(layout.sections[0] as Section, { color: '#112233' });
    expect(coloured.background).toEqual({ color: '#112233' });
    const imaged = withBackground(coloured, {
      image: { src: '/media/x/y.jpg', focalX: 0.2, focalY: 0.3 },
      overlay: 0.4,
    });
    expect(imaged.background?.color).toBe('#112233');
    const cleared = withBackground(withBackground(imaged, { image: undefined, overlay: undefined }), {
      color: undefined,
    });
    expect('background' in cleared).toBe(false);
  });

  it('sets and clears padding, and hands the phone arrangement back to the derived one', () => {
    const s = withPadding(layout.sections[0] as Section, 'large');
    expect(s.padding).toBe('large');
    expect('padding' in withPadding(s, undefined)).toBe(false);
    const owned: Section = {
      ...s,
      grid: { desktop: [{ blockId: 'a1', col: 1, row: 1, colSpan: 12, rowSpan: 1 }], phone: [] },
    };
    expect(derivedPhone(owned).grid).toEqual({ desktop: owned.grid?.desktop });
  });

  it('updates only the named section', () => {
    const next = updateSection(layout, 'b', (s) => withPadding(s, 'small'));
    expect(next.sections[1]?.padding).toBe('small');
    expect(next.sections[0]).toBe(layout.sections[0]);
  });

  it('inserts a template after the given section, or at the end', () => {
    const hero = heroSection();
    const after = insertSection(layout, hero, 'a');
    expect(after.ok && after.layout.sections.map((s) => s.id)).toEqual(['a', hero.id, 'b']);
    const end = insertSection(layout, hero, null);
    expect(end.ok && end.layout.sections.at(-1)?.id).toBe(hero.id);
  });

  it('refuses to pass the page limits', () => {
    const full: Layout = {
      sections: [{ id: 'f', blocks: Array.from({ length: 59 }, (_, i) => text(`t${i}`)) }],
    };
    expect(insertSection(full, heroSection(), null)).toEqual({ ok: false, message: TOO_MANY_BLOCKS_MESSAGE });
    const many: Layout = { sections: Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, blocks: [] })) };
    expect(insertSection(many, heroSection(), null)).toEqual({
      ok: false,
      message: TOO_MANY_SECTIONS_MESSAGE,
    });
  });
});
