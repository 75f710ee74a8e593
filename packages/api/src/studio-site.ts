import { siteStylesSchema } from '@store/blocks';
import { isLinkOf } from '@store/commerce';
import { z } from 'zod';

/** A navigation entry as the owner sends it: a page, an external link, or a folder of entries. */
export interface NavigationInput {
  title?: string;
  collectionId?: string | null;
  externalLink?: string | null;
  memberAreaId?: string | null;
  items?: NavigationInput[];
}

// Recursive schemas carry an id: the OpenAPI document defines each once under
// components.schemas and its entries refer to it, since JSON Schema cannot inline a cycle.
export const navigationItem: z.ZodType<NavigationInput, NavigationInput> = z
  .lazy(() =>
    z.object({
      title: z.string().trim().max(200).optional(),
      collectionId: z.string().max(64).nullish(),
      externalLink: z
        .string()
        .trim()
        .max(2083)
        .refine(
          (v) => isLinkOf(v, ['path', 'web', 'mailto']),
          'Links must be formatted as https://example.com',
        )
        .nullish(),
      memberAreaId: z.string().max(64).nullish(),
      items: z.array(navigationItem).max(100).optional(),
    }),
  )
  .meta({ id: 'NavigationEntry' });

/** A navigation entry as the spec §7 calls answer it (children under `items`). */
export interface NavigationLink {
  title: string;
  collectionId: string | null;
  externalLink: string | null;
  memberAreaId: string | null;
  items: NavigationLink[];
}

const navigationLink: z.ZodType<NavigationLink, NavigationLink> = z
  .lazy(() =>
    z.object({
      title: z.string(),
      collectionId: z.string().nullable(),
      externalLink: z.string().nullable(),
      memberAreaId: z.string().nullable(),
      items: z.array(navigationLink),
    }),
  )
  .meta({ id: 'NavigationLink' });

/** The layout list, main navigation first, and the pages no navigation links to. */
const siteLayout = z.object({
  layout: z.array(z.object({ identifier: z.string(), links: z.array(navigationLink) })),
  notLinked: z.array(
    z.object({ collectionId: z.string(), title: z.string(), type: z.number().int(), urlId: z.string() }),
  ),
});

const href = z
  .string()
  .trim()
  .max(2083)
  .refine(
    (v) => isLinkOf(v, ['path', 'fragment', 'web', 'mailto', 'tel']),
    'Links must be a site path or an http(s) address',
  );

/** What the layout renders (spec §3 "Header/footer payload": header, footer). */
export const headerFooterSchema = z.object({
  header: z.object({
    siteTitle: z.string().trim().max(200).default(''),
    tagline: z.string().trim().max(300).default(''),
    showCart: z.boolean().default(true),
  }),
  footer: z.object({
    text: z.string().trim().max(1000).default(''),
    links: z
      .array(z.object({ title: z.string().trim().min(1).max(100), href }))
      .max(20)
      .default([]),
  }),
});
export type HeaderFooter = z.output<typeof headerFooterSchema>;

export const studioSiteRoutes = {
  'GET /api/commondata/GetSiteLayout': {
    summary: 'Studio: the navigations (main first) and the pages not linked from any',
    response: siteLayout,
  },
  'POST /api/widget/UpdateNavigation': {
    summary: 'Studio: replace one navigation (by fieldName) with the owner’s tree',
    body: z.object({
      fieldName: z.string().trim().min(1).max(64).default('mainNavigation'),
      templateId: z.string().max(64).optional(),
      navigation: z.object({ items: z.array(navigationItem).max(100) }),
    }),
    response: siteLayout,
  },
  'GET /api/site-header-footer': {
    summary: 'Studio: the site header and footer',
    response: headerFooterSchema,
  },
  'PUT /api/site-header-footer': {
    summary: 'Studio: save the site header and footer (every page shows them at once)',
    body: headerFooterSchema,
    response: headerFooterSchema,
  },
  'GET /api/studio/site-styles': {
    summary: 'Studio: the site’s design (colours, fonts, spacing, buttons)',
    response: siteStylesSchema,
  },
  'PUT /api/studio/site-styles': {
    summary: 'Studio: save and publish the site’s design',
    body: siteStylesSchema,
    response: siteStylesSchema,
  },
} as const;
