import type { Database } from '../db/client';
import type { CollectionRow } from '../services/catalog.service';
import {
  type PageState,
  formForPage,
  pageRevision,
  pageState,
  unpublishedPageStates,
} from '../services/page-data';
import { resolveBlockData } from '../services/studio/block-data';
import { seoDescription } from '../services/studio/seo-description';
import { savedSiteStyles } from '../services/studio/site-styles.service';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';
import { withAbVariants } from './ab-test-page';
import { CollectionType, PageType } from './page-types';
import { serializeCollection } from '../services/serialize-catalog';

export { type PageState, pageState };

export const MEMBERS_ONLY_HTML = '<p>This page is for members. Sign in to see it.</p>';

/** Visitors see published pages, and scheduled ones once their time has come (spec §3 statuses). */
export function isLive(
  state: Pick<NonNullable<PageState>, 'status' | 'publishAt'> | undefined,
  now = new Date(),
): boolean {
  if (!state || state.status === 'PUBLISHED') return true;
  return state.status === 'SCHEDULED' && state.publishAt !== null && state.publishAt <= now;
}

/**
 * A members-only page (studio page settings: any signed-in customer) for a visitor who is not
 * signed in: protected content, page type 105 (spec §2). Pages locked by a member area answer
 * 106 instead (member-gate.ts).
 */
export function membersOnlyContext(context: PageContext, collection: CollectionRow): PageContext {
  context.pageType = PageType.protectedContent;
  context.collection = serializeCollection(collection);
  context.page = { title: collection.title, body: MEMBERS_ONLY_HTML };
  return context;
}

/**
 * A page with a published block layout: put the layout, the data its blocks show and the
 * SEO description in the context (the renderer turns the layout into HTML through the
 * theme's block templates). Store items shown by blocks join `items` for the islands.
 */
export async function attachBlockLayout(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
  state: PageState,
): Promise<void> {
  if (collection.type !== CollectionType.page) return;
  const revision = state?.publishedRevisionId ? await pageRevision(db, state.publishedRevisionId) : undefined;
  const layout = revision?.layout ?? null;
  context.seoDescription = seoDescription(state?.seoDescription ?? '', layout, collection.body) || null;
  if (!layout) return;
  // Running A/B tests put every variant of their section in the page (ab-test-page.ts).
  const shown = await withAbVariants(db, site.id, collection.id, layout, context);
  const { data, storeItems } = await resolveBlockData(db, site, shown);
  context.layout = shown;
  context.blockData = data;
  if (storeItems.length) context.items = storeItems;
  // The form island reads one form from the page data: the page's own, else its first form block.
  const first = Object.values(data.forms ?? {})[0] as { id: string } | undefined;
  if (!context.form && first) {
    const form = await formForPage(db, first.id);
    if (form) context.form = form;
  }
}

/**
 * Links to pages visitors cannot see (Draft, Needs Review, Private, not-yet-scheduled) are
 * left out of the site navigation. One indexed query; usually no rows.
 */
export async function hideUnpublishedLinks(
  db: Database,
  websiteId: string,
  context: PageContext,
): Promise<void> {
  const hidden = await unpublishedPageStates(db, websiteId);
  const ids = new Set(hidden.filter((row) => !isLive(row)).map((row) => row.id));
  if (!ids.size || !Array.isArray(context.navigation)) return;
  type Link = { collectionId: string | null; children?: Link[] };
  const visible = (links: Link[]): Link[] =>
    links
      .filter((link) => !link.collectionId || !ids.has(link.collectionId))
      .map((link) => (link.children?.length ? { ...link, children: visible(link.children) } : link));
  context.navigation = visible(context.navigation as Link[]);
}

/** The site's design (#13), rendered by the layout after the theme's stylesheet. */
export async function attachSiteStyles(db: Database, websiteId: string, context: PageContext): Promise<void> {
  const styles = await savedSiteStyles(db, websiteId);
  if (styles) context.siteStyles = styles;
}
