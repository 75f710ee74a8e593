import type { Tx } from '../db/client';
import { theRow } from '../db/rows';
import { type StoredLayout, pageRevisions, pageSettings } from '../db/schema/index';

type Block = StoredLayout['sections'][number]['blocks'][number];
const block = (id: string, type: string, props: Record<string, unknown>): Block => ({ id, type, props });

/** The demo's home, about and contact pages as blocks, so a new owner has something to edit. */
export function demoBlockLayouts(ids: {
  shop: string;
  /** The mailing list the home page's sign-up joins (the site's default list). */
  newsletterList: string;
  contactForm: string;
  heroImage: string;
}) {
  const home: StoredLayout = {
    sections: [
      {
        id: 'home-hero',
        blocks: [
          block('home-hero-image', 'image', {
            src: ids.heroImage,
            alt: 'Our studio’s best seller',
            caption: 'Made slowly, sold honestly',
            variant: 'poster',
            href: '/shop',
          }),
          block('home-title', 'heading', { text: 'Made slowly, sold honestly', level: 1 }),
          block('home-intro', 'text', {
            html: '<p>Apparel, homeware and stationery from a small studio.</p>',
          }),
          block('home-cta', 'button', { label: 'Visit the shop', href: '/shop', align: 'left' }),
        ],
      },
      {
        id: 'home-featured',
        blocks: [
          block('home-products', 'summary', {
            title: 'Featured products',
            collectionId: ids.shop,
            design: 'grid',
            limit: 4,
          }),
        ],
      },
      {
        id: 'home-newsletter',
        blocks: [
          block('home-signup', 'newsletter', {
            title: 'Stay in touch',
            description: 'New pieces and studio news, about once a month.',
            buttonLabel: 'Sign up',
            listId: ids.newsletterList,
          }),
        ],
      },
    ],
  };
  const about: StoredLayout = {
    sections: [
      {
        id: 'about-main',
        blocks: [
          block('about-title', 'heading', { text: 'About us', level: 1 }),
          block('about-text', 'text', {
            html: '<p>Juniper &amp; Oak is a two-person studio. We design everything we sell and ship from our workshop.</p>',
          }),
          block('about-quote', 'quote', {
            text: 'Make fewer things, and make them well.',
            source: 'Our studio rule',
          }),
        ],
      },
    ],
  };
  const contact: StoredLayout = {
    sections: [
      {
        id: 'contact-main',
        blocks: [
          block('contact-title', 'heading', { text: 'Contact', level: 1 }),
          block('contact-text', 'text', { html: '<p>Questions about an order? Write to us.</p>' }),
          block('contact-form', 'form', { formId: ids.contactForm }),
        ],
      },
    ],
  };
  return { home, about, contact };
}

/** Publish each layout as the page's first revision (inside the seeding transaction). */
export async function seedBlockPages(
  tx: Tx,
  websiteId: string,
  pages: { collectionId: string; layout: StoredLayout }[],
): Promise<void> {
  for (const { collectionId, layout } of pages) {
    const rev = theRow(
      await tx
        .insert(pageRevisions)
        .values({ websiteId, collectionId, layout })
        .returning({ id: pageRevisions.id }),
      'insert into page_revisions',
    );
    await tx.insert(pageSettings).values({ collectionId, websiteId, publishedRevisionId: rev.id });
  }
}
