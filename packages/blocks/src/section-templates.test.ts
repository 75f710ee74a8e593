import { describe, expect, it } from 'vitest';
import { blockTypeNames } from './block-types';
import { GRID_COLUMNS, phonePlacements, placementsFor } from './grid';
import { checkLayout } from './layout';
import {
  SECTION_TEMPLATES,
  pricingSection,
  productGridSection,
  textWithImageSection,
} from './section-templates';

describe('section templates', () => {
  it('lists eight templates, each named, labelled and described', () => {
    expect(SECTION_TEMPLATES.map((t) => t.name)).toEqual([
      'hero',
      'text-with-image',
      'product-grid',
      'gallery',
      'contact-form',
      'newsletter',
      'faq',
      'pricing',
    ]);
    for (const t of SECTION_TEMPLATES) expect(t.label && t.description.endsWith('.')).toBeTruthy();
  });

  it.each(SECTION_TEMPLATES.map((t) => [t.name, t] as const))(
    '%s is a valid gridded section that checkLayout keeps as it is',
    (_name, template) => {
      const section = template.create();
      expect(section.grid).toBeDefined();
      for (const b of section.blocks) expect(blockTypeNames).toContain(b.type);
      const checked = checkLayout({ sections: [section] });
      if (!checked.ok) throw new Error(checked.message);
      // Already normalised: no overlaps to push down, every block placed once.
      expect(checked.layout.sections[0]?.grid?.desktop).toEqual(placementsFor(section, 'desktop'));
      expect(section.grid?.desktop).toHaveLength(section.blocks.length);
      for (const p of section.grid?.desktop ?? [])
        expect(p.col + p.colSpan - 1).toBeLessThanOrEqual(GRID_COLUMNS.desktop);
    },
  );

  it('gives fresh ids on every call, so a template can be added twice', () => {
    const a = textWithImageSection();
    const b = textWithImageSection();
    const ids = [a.id, b.id, ...a.blocks.map((x) => x.id), ...b.blocks.map((x) => x.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(checkLayout({ sections: [a, b] }).ok).toBe(true);
  });

  it('uses the given id factory', () => {
    let n = 0;
    const section = pricingSection((prefix) => `${prefix}${++n}`);
    expect(section.id).toBe('s11');
    expect(section.blocks.map((b) => b.id).slice(0, 3)).toEqual(['b1', 'b2', 'b3']);
  });

  it('starts from the store collection, forms and default list the site has', () => {
    const choices = { storeCollectionId: 'shop', contactFormId: 'contact', newsletterListId: 'letters' };
    const find = (name: string) => SECTION_TEMPLATES.find((t) => t.name === name)?.create(undefined, choices);
    expect(find('product-grid')?.blocks.find((b) => b.type === 'summary')?.props.collectionId).toBe('shop');
    expect(find('contact-form')?.blocks.find((b) => b.type === 'form')?.props.formId).toBe('contact');
    expect(find('newsletter')?.blocks[0]?.props.listId).toBe('letters');
    expect(find('newsletter')?.blocks[0]?.props).not.toHaveProperty('formId');
    expect(productGridSection().blocks.find((b) => b.type === 'summary')?.props.collectionId).toBe('');
  });

  it('puts the contact words before the form on phones', () => {
    const section = SECTION_TEMPLATES.find((t) => t.name === 'contact-form')?.create();
    if (!section) throw new Error('no contact template');
    const types = phonePlacements(section).map((p) => section.blocks.find((b) => b.id === p.blockId)?.type);
    expect(types).toEqual(['heading', 'text', 'form']);
  });

  it('keeps each pricing plan together on phones', () => {
    const section = pricingSection();
    const order = phonePlacements(section).map((p) => section.blocks.find((b) => b.id === p.blockId));
    expect(order.map((b) => (b?.type === 'heading' ? b.props.text : b?.type))).toEqual([
      'Plans and prices',
      'Starter',
      'text',
      'button',
      'Studio',
      'text',
      'button',
      'Workshop',
      'text',
      'button',
    ]);
  });
});
