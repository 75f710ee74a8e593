import { type Layout, SECTION_TEMPLATES, type Section, type TemplateChoices } from '@store/blocks';
import { useState } from 'react';
import type { Catalog } from '../api';
import { newId } from './layout-edits';
import { defaultListId } from './newsletter-lists';
import { insertSection, sectionOfBlock } from './section-edits';

/** Store collections have this collection type (spec §3). */
const PRODUCTS_COLLECTION = 13;

/** What the site has for the templates to start with: its store, its forms, its default list. */
export function templateChoices(catalog: Catalog | null | undefined): TemplateChoices {
  const forms = catalog?.forms ?? [];
  const contact = forms.find((f) => /contact|enquir|question/i.test(f.name)) ?? forms[0];
  return {
    storeCollectionId: catalog?.collections.find((c) => c.type === PRODUCTS_COLLECTION)?.id,
    contactFormId: contact?.id,
    newsletterListId: defaultListId(catalog),
  };
}

/**
 * "Add section": a blank section or a ready-made one (hero, text with image, products…),
 * inserted after the section of the selected block, or at the end of the page.
 */
export function AddSectionMenu(props: {
  layout: Layout;
  selectedBlock: string | null;
  /** The site's store, forms and lists, which the products, contact and newsletter sections start with. */
  catalog?: Catalog | null;
  onChange(layout: Layout): void;
  /** The new section's first block (to select it), or null for a blank section. */
  onAdded?(section: Section): void;
  onError(message: string): void;
}) {
  const [open, setOpen] = useState(false);
  const add = (section: Section) => {
    const edit = insertSection(props.layout, section, sectionOfBlock(props.layout, props.selectedBlock));
    if (!edit.ok) return props.onError(edit.message);
    props.onError('');
    props.onChange(edit.layout);
    props.onAdded?.(section);
    setOpen(false);
  };
  return (
    <div className="add-section">
      <button
        type="button"
        className="btn btn--plain"
        aria-expanded={open}
        aria-controls="add-section-list"
        onClick={() => setOpen(!open)}
      >
        Add section
      </button>
      {open && (
        <ul id="add-section-list" className="add-section__list" aria-label="Sections to add">
          <li>
            <button type="button" onClick={() => add({ id: newId('s'), blocks: [] })}>
              <strong>Blank</strong>
              <span>An empty section to fill with blocks.</span>
            </button>
          </li>
          {SECTION_TEMPLATES.map((t) => (
            <li key={t.name}>
              <button type="button" onClick={() => add(t.create(newId, templateChoices(props.catalog)))}>
                <strong>{t.label}</strong>
                <span>{t.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
