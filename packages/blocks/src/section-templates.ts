import { type BlockType, defaultProps } from './block-types';
import type { Placement } from './grid';
import type { Block, Section, SectionBackground, SectionPadding } from './layout';

/**
 * Ready-made sections the studio's "Add section" menu inserts: blocks already arranged in
 * the section grid, with words an owner replaces. Each call returns a new section with
 * fresh ids, so the same template can be added twice to a page.
 */

/** Makes an id with a prefix (`s` for sections, `b` for blocks). */
export type IdFactory = (prefix: string) => string;

/** A short random id (letters and digits), from the platform's random source. */
export const randomId: IdFactory = (prefix) => {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
};

/** What the site has that a template can start with (else its block asks the owner to choose). */
export interface TemplateChoices {
  /** A store collection, for the products section. */
  storeCollectionId?: string;
  /** A form, for the contact section. */
  contactFormId?: string;
  /** The mailing list the newsletter section's sign-up joins (the site's default list). */
  newsletterListId?: string;
}

export interface SectionTemplate {
  name: string;
  label: string;
  /** One line for the menu: what the section is for. */
  description: string;
  create(newId?: IdFactory, choices?: TemplateChoices): Section;
}

interface Piece {
  type: BlockType;
  props?: Record<string, unknown>;
  /** Desktop cell: [col, row, colSpan, rowSpan]. */
  at: [number, number, number, number?];
  /** Phone cell, when the derived one (desktop reading order, stacked) would read wrongly. */
  phone?: [number, number, number, number?];
}

function build(
  pieces: Piece[],
  newId: IdFactory,
  settings: { background?: SectionBackground; padding?: SectionPadding } = {},
): Section {
  const blocks: Block[] = [];
  const desktop: Placement[] = [];
  const phone: Placement[] = [];
  for (const piece of pieces) {
    const id = newId('b');
    blocks.push({ id, type: piece.type, props: { ...defaultProps(piece.type), ...piece.props } });
    const [col, row, colSpan, rowSpan = 1] = piece.at;
    desktop.push({ blockId: id, col, row, colSpan, rowSpan });
    if (piece.phone) {
      const [pc, pr, ps, prs = 1] = piece.phone;
      phone.push({ blockId: id, col: pc, row: pr, colSpan: ps, rowSpan: prs });
    }
  }
  return {
    id: newId('s'),
    blocks,
    ...settings,
    grid: phone.length ? { desktop, phone } : { desktop },
  };
}

const heading = (text: string, level = 2): Pick<Piece, 'type' | 'props'> => ({
  type: 'heading',
  props: { text, level },
});
const text = (html: string): Pick<Piece, 'type' | 'props'> => ({ type: 'text', props: { html } });
const button = (label: string, href: string, align = 'left'): Pick<Piece, 'type' | 'props'> => ({
  type: 'button',
  props: { label, href, align },
});

/** A big heading, a line of text and a button over a background (choose its image in the section's settings). */
export function heroSection(newId: IdFactory = randomId): Section {
  return build(
    [
      { ...heading('Made by hand, made to last', 1), at: [1, 1, 8] },
      { ...text('<p>Say in a sentence or two what you make and why it is worth a look.</p>'), at: [1, 2, 6] },
      { ...button('Shop now', '/shop'), at: [1, 3, 4] },
    ],
    newId,
    { background: { color: '#23302c', overlay: 0.35 }, padding: 'large' },
  );
}

/** Words on the left, an image on the right. */
export function textWithImageSection(newId: IdFactory = randomId): Section {
  return build(
    [
      { ...heading('Our story'), at: [1, 1, 6] },
      { type: 'image', props: { alt: '' }, at: [7, 1, 6, 3] },
      {
        ...text('<p>Tell visitors who you are, how you work and what makes your things different.</p>'),
        at: [1, 2, 6],
      },
      { ...button('Read more', '/about'), at: [1, 3, 4] },
    ],
    newId,
    { padding: 'medium' },
  );
}

/** A heading over a summary of a store collection, with a link to all of it. */
export function productGridSection(newId: IdFactory = randomId, choices: TemplateChoices = {}): Section {
  return build(
    [
      { ...heading('New in the shop'), at: [1, 1, 8] },
      { ...button('See everything', '/shop', 'right'), at: [9, 1, 4] },
      {
        type: 'summary',
        props: { design: 'grid', limit: 4, collectionId: choices.storeCollectionId ?? '' },
        at: [1, 2, 12],
      },
    ],
    newId,
    { padding: 'medium' },
  );
}

/** A heading over a grid of images (add them in the gallery block). */
export function gallerySection(newId: IdFactory = randomId): Section {
  return build(
    [
      { ...heading('Gallery'), at: [1, 1, 12] },
      { type: 'gallery', props: { design: 'grid' }, at: [1, 2, 12] },
    ],
    newId,
    { padding: 'medium' },
  );
}

/** How to reach you beside a form (choose the form in the form block); on phones, words first. */
export function contactFormSection(newId: IdFactory = randomId, choices: TemplateChoices = {}): Section {
  return build(
    [
      // On a phone the words come before the form (reading order would put the form second).
      { ...heading('Get in touch'), at: [1, 1, 5], phone: [1, 1, 4] },
      {
        ...text(
          '<p>Questions about an order or a commission? Write to us and we answer within two working days.</p>',
        ),
        at: [1, 2, 5],
        phone: [1, 2, 4],
      },
      { type: 'form', props: { formId: choices.contactFormId ?? '' }, at: [7, 1, 6, 3], phone: [1, 3, 4, 3] },
    ],
    newId,
    { padding: 'medium' },
  );
}

/** A sign-up for the mailing list on a soft background. */
export function newsletterSection(newId: IdFactory = randomId, choices: TemplateChoices = {}): Section {
  return build(
    [
      {
        type: 'newsletter',
        props: {
          title: 'Hear about new work first',
          description: 'One letter a month. No spam, leave any time.',
          listId: choices.newsletterListId ?? '',
        },
        at: [3, 1, 8],
      },
    ],
    newId,
    { background: { color: '#f4efe6' }, padding: 'medium' },
  );
}

/** Common questions, each opening on a click. */
export function faqSection(newId: IdFactory = randomId): Section {
  return build(
    [
      { ...heading('Questions and answers'), at: [3, 1, 8] },
      {
        type: 'accordion',
        props: {
          items:
            'How long does delivery take? | Most orders leave the workshop within two working days.\n' +
            'Can I return something? | Yes, within 30 days, unused and in its packaging.\n' +
            'Do you take commissions? | Often. Write to us with what you have in mind.',
        },
        at: [3, 2, 8],
      },
    ],
    newId,
    { padding: 'medium' },
  );
}

/** Three offers side by side, each a heading, a few words and a button; stacked one by one on phones. */
export function pricingSection(newId: IdFactory = randomId): Section {
  const plans = [
    ['Starter', '<p><strong>$9 a month</strong></p><p>For trying things out.</p>'],
    ['Studio', '<p><strong>$29 a month</strong></p><p>For a small shop that sells every week.</p>'],
    ['Workshop', '<p><strong>$79 a month</strong></p><p>For a team with a busy store.</p>'],
  ] as const;
  const pieces: Piece[] = [{ ...heading('Plans and prices'), at: [1, 1, 12], phone: [1, 1, 4] }];
  plans.forEach(([name, words], i) => {
    const col = 1 + i * 4;
    // On a phone each plan stays together: its heading, words and button, then the next plan.
    const row = 2 + i * 3;
    pieces.push(
      { ...heading(name, 3), at: [col, 2, 4], phone: [1, row, 4] },
      { ...text(words), at: [col, 3, 4], phone: [1, row + 1, 4] },
      { ...button('Choose', '/contact'), at: [col, 4, 4], phone: [1, row + 2, 4] },
    );
  });
  return build(pieces, newId, { padding: 'medium' });
}

/** The templates in the order the menu lists them. */
export const SECTION_TEMPLATES: readonly SectionTemplate[] = [
  {
    name: 'hero',
    label: 'Hero',
    description: 'A big heading, a line of text and a button over a background.',
    create: heroSection,
  },
  {
    name: 'text-with-image',
    label: 'Text with image',
    description: 'Words on one side, a picture on the other.',
    create: textWithImageSection,
  },
  {
    name: 'product-grid',
    label: 'Products',
    description: 'A few products from a store collection, with a link to all of them.',
    create: productGridSection,
  },
  {
    name: 'gallery',
    label: 'Gallery',
    description: 'A heading over a grid of images.',
    create: gallerySection,
  },
  {
    name: 'contact-form',
    label: 'Contact form',
    description: 'How to reach you, beside a form visitors fill in.',
    create: contactFormSection,
  },
  {
    name: 'newsletter',
    label: 'Newsletter',
    description: 'A sign-up for your mailing list on a soft background.',
    create: newsletterSection,
  },
  { name: 'faq', label: 'FAQ', description: 'Common questions that open on a click.', create: faqSection },
  {
    name: 'pricing',
    label: 'Pricing',
    description: 'Three offers side by side, each with a button.',
    create: pricingSection,
  },
];
