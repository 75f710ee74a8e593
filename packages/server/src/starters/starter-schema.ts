import { siteStylesSchema } from '@store/blocks';
import { z } from 'zod';
import { formDefinitionSchema } from '../services/forms/form-definition';
import { ART_KINDS } from './starter-art';

/**
 * A starter site as it ships in `starters/<id>.json`: pages of blocks, navigation, header and
 * footer, forms, design and (for a shop) a store with sample products. Texts may say
 * `{siteTitle}`, `{ownerEmail}` and `{year}`; block props may name `@store` (the store's
 * collection) and `@form:<key>` (a form of the starter), filled in when a site is made from it.
 */

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug');

/** A generated picture: a drawing of a product, or an abstract composition (starter-art.ts). */
export const starterImageSchema = z.object({
  art: z.enum(ART_KINDS),
  hue: z.number().int().min(0).max(359),
  alt: z.string().max(300),
});

const block = z.object({ id: slug, type: z.string().min(1), props: z.record(z.string(), z.unknown()) });
const layout = z.object({ sections: z.array(z.object({ id: slug, blocks: z.array(block) })).min(1) });

/** A blog post (a portfolio piece): `excerpt` and `body` are HTML. */
const post = z.object({
  slug,
  title: z.string().min(1).max(200),
  excerpt: z.string().max(1000),
  body: z.string().max(20_000),
  image: slug,
  tags: z.array(z.string().min(1).max(50)).max(10).default([]),
});

const page = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    urlId: slug,
    title: z.string().min(1).max(100),
    inNavigation: z.boolean(),
    seoDescription: z.string().max(250).optional(),
    layout,
  }),
  z.object({
    kind: z.literal('blog'),
    urlId: slug,
    title: z.string().min(1).max(100),
    inNavigation: z.boolean(),
    /** Newest first, as the blog lists them. */
    posts: z.array(post).max(20),
  }),
  z.object({
    kind: z.literal('store'),
    urlId: slug,
    title: z.string().min(1).max(100),
    inNavigation: z.boolean(),
    description: z.string().max(500).default(''),
  }),
]);

const product = z.object({
  slug,
  title: z.string().min(1).max(200),
  excerpt: z.string().max(500),
  /** In the store currency's major units (24 → $24.00, ¥24); the currency's digits decide the minor units. */
  price: z.number().positive(),
  stock: z.number().int().min(0),
  sku: z.string().regex(/^[A-Z0-9-]{1,40}$/),
  weightGrams: z.number().int().min(0).default(0),
  image: slug,
});

const shipping = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(300).default(''),
  /** Major units, like product prices. */
  price: z.number().min(0),
});

export const starterSchema = z
  .object({
    id: slug,
    name: z.string().min(1).max(40),
    description: z.string().min(1).max(200),
    /** The accent of the setup screen's picture of the starter. */
    previewHue: z.number().int().min(0).max(359),
    styles: siteStylesSchema.partial().optional(),
    header: z.object({ tagline: z.string().max(300).default(''), showCart: z.boolean() }),
    footer: z.object({
      text: z.string().max(1000),
      links: z.array(z.object({ title: z.string().min(1).max(100), href: z.string().max(200) })).max(20),
    }),
    images: z.record(slug, starterImageSchema).default({}),
    forms: z
      .array(
        z.object({
          key: slug,
          name: z.string().min(1).max(100),
          notifyOwner: z.boolean().default(true),
          definition: formDefinitionSchema,
        }),
      )
      .default([]),
    pages: z.array(page).min(1),
    products: z.array(product).default([]),
    shipping: z.array(shipping).default([]),
  })
  .superRefine((starter, ctx) => {
    const stores = starter.pages.filter((p) => p.kind === 'store');
    if (stores.length > 1) ctx.addIssue({ code: 'custom', message: 'a starter has at most one store' });
    if (starter.products.length > 0 && stores.length === 0)
      ctx.addIssue({ code: 'custom', message: 'products need a store page' });
    if (!starter.pages.some((p) => p.urlId === 'home'))
      ctx.addIssue({ code: 'custom', message: 'a starter needs a home page' });
    const pictures = [
      ...starter.products.map((p) => [p.slug, p.image] as const),
      ...starter.pages.flatMap((p) =>
        p.kind === 'blog' ? p.posts.map((q) => [q.slug, q.image] as const) : [],
      ),
    ];
    for (const [what, image] of pictures)
      if (!starter.images[image])
        ctx.addIssue({ code: 'custom', message: `${what} names an unknown image ${image}` });
  });

export type Starter = z.output<typeof starterSchema>;
export type StarterPage = Starter['pages'][number];
export type StarterImage = z.output<typeof starterImageSchema>;
