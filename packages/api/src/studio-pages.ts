import { layoutSchema } from '@store/blocks';
import { z } from 'zod';
import { id, okBody } from './common';

/** Spec §3 page statuses; PUBLISHED is a live page (no label in the studio). */
export const pageStatus = z.enum(['PUBLISHED', 'DRAFT', 'SCHEDULED', 'NEEDS_REVIEW', 'PRIVATE']);
export const pageKind = z.enum(['page', 'blog', 'store', 'course']);

const pageTitle = z.string().trim().min(1, 'Please enter a page title').max(200);

/** What the page settings form saves; every field is optional (only what is sent changes). */
export const pageSettingsBody = z.object({
  title: pageTitle.optional(),
  navigationTitle: z.string().trim().max(200).optional(),
  urlId: z.string().trim().max(200).optional(),
  seoDescription: z.string().max(5000).optional(),
  status: pageStatus.optional(),
  publishAt: z.iso.datetime({ offset: true }).nullish(),
  password: z.string().max(200).nullish(),
  membersOnly: z.boolean().optional(),
});
export type PageSettingsInput = z.output<typeof pageSettingsBody>;

/** A page as the Pages panel and page settings read it. */
export const pageSummary = z.object({
  id: z.string(),
  title: z.string(),
  navigationTitle: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  /** The collection type (spec §3). */
  type: z.number().int(),
  kind: pageKind,
  status: pageStatus,
  publishAt: z.string().nullable(),
  membersOnly: z.boolean(),
  passwordProtected: z.boolean(),
  seoDescription: z.string(),
  hasUnpublishedChanges: z.boolean(),
});

/**
 * A layout sent by the editor. The schema checks its shape; block props by type, unique ids
 * and the 60-block limit are checked by @store/blocks' checkLayout in the route, which words
 * each problem for the owner.
 */
const layoutBody = z.object({ layout: layoutSchema });
const pageParams = z.object({ id });
const record = z.record(z.string(), z.unknown());

export const studioPageRoutes = {
  'GET /api/studio/session': {
    summary: 'Studio: the signed-in owner and the website',
    response: z.object({
      owner: z.object({ id: z.string(), email: z.string() }),
      website: z.object({ id: z.string(), siteTitle: z.string() }),
    }),
  },
  'GET /api/studio/pages': {
    summary: 'Studio: every page of the site with its settings',
    response: z.object({ pages: z.array(pageSummary) }),
  },
  'POST /api/studio/pages': {
    summary: 'Studio: create a page, blog or store (unique slug), optionally linked in the navigation',
    status: 201,
    body: z.object({
      title: pageTitle,
      kind: pageKind.default('page'),
      addToNavigation: z.boolean().default(false),
    }),
    response: z.object({ id: z.string(), urlId: z.string() }),
  },
  'PUT /api/studio/pages/:id/settings': {
    summary: 'Studio: save page settings; answers the slug used',
    params: pageParams,
    body: pageSettingsBody,
    response: z.object({ urlId: z.string() }),
  },
  'DELETE /api/studio/pages/:id': {
    summary: 'Studio: delete a page (never the home page or a collection with items)',
    params: pageParams,
    response: okBody,
  },
  'GET /api/studio/pages/:id/layout': {
    summary: 'Studio: the draft (or live) layout, the live one, and the revisions',
    params: pageParams,
    response: z.object({
      pageId: z.string(),
      title: z.string(),
      fullUrl: z.string(),
      draft: layoutSchema,
      published: layoutSchema.nullable(),
      publishedRevisionId: z.string().nullable(),
      draftSavedAt: z.string().nullable(),
      revisions: z.array(z.object({ id: z.string(), createdAt: z.string(), live: z.boolean() })),
    }),
  },
  'PUT /api/studio/pages/:id/layout': {
    summary: 'Studio: autosave the draft layout (visitors still see the live one)',
    params: pageParams,
    body: layoutBody,
    response: z.object({ draftSavedAt: z.string() }),
  },
  'POST /api/studio/pages/:id/publish': {
    summary: 'Studio: publish a layout as a new live revision',
    params: pageParams,
    body: layoutBody,
    response: z.object({ revisionId: z.string(), publishedAt: z.string() }),
  },
  'POST /api/studio/pages/:id/revisions/:revisionId/restore': {
    summary: 'Studio: an older revision becomes the draft',
    params: z.object({ id, revisionId: id }),
    response: z.object({ draft: layoutSchema }),
  },
  'POST /api/studio/block-data': {
    summary: 'Studio: what a layout’s product, summary and form blocks show (as on the site)',
    body: layoutBody,
    response: z.object({
      /** Store items by id, serialized as the page context serializes items. */
      products: z.record(z.string(), record),
      /** Items of a collection by collection id, newest first. */
      collections: z.record(z.string(), z.object({ collection: record, items: z.array(record) })),
      forms: z.record(z.string(), record),
      /** Tags and publication months of a collection by id (tag cloud and archive blocks). */
      facets: z.record(
        z.string(),
        z.object({
          collection: record,
          tags: z.array(z.object({ name: z.string(), count: z.number() })),
          months: z.array(z.object({ month: z.string(), count: z.number() })),
        }),
      ),
    }),
  },
  'GET /api/studio/catalog': {
    summary: 'Studio: choices for the product, collection, form and mailing-list pickers',
    response: z.object({
      /** Each product with what its picker shows: a thumbnail, the price (range), its address. */
      products: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          fullUrl: z.string(),
          mainImageUrl: z.string().nullable(),
          /** Lowest and highest variant price (minor units) and the store currency. */
          priceCents: z.number().int(),
          maxPriceCents: z.number().int(),
          currency: z.string(),
        }),
      ),
      collections: z.array(z.object({ id: z.string(), title: z.string(), type: z.number().int() })),
      forms: z.array(z.object({ id: z.string(), name: z.string() })),
      /** The site's mailing lists, default first: what a newsletter block's sign-up may join. */
      lists: z.array(z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() })),
    }),
  },
} as const;
