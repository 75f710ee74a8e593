import { newsletterBlockLists } from '@store/blocks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { StoredLayout } from '../../db/schema/index';
import { mailingLists } from '../../db/schema/newsletter';
import { notifySiteChanged } from '../studio/site-changed';
import { defaultListId } from './members';
import { optIn } from './opt-ins';
import { listOfSignupToken, signupToken } from './signup-tokens';

/** The consent source a newsletter block's sign-up records. */
export const BLOCK_CONSENT_SOURCE = 'newsletter block';

async function siteListIds(db: Database, websiteId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.websiteId, websiteId), inArray(mailingLists.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The signed list of each newsletter block of a layout, by the block's `listId` prop. A block
 * without a list (saved before lists existed), or whose list was deleted, joins the site's
 * default list, so a published page never loses its sign-up.
 */
export async function newsletterSignups(
  db: Database,
  websiteId: string,
  layout: StoredLayout,
): Promise<Record<string, { token: string }>> {
  const keys = [...new Set(newsletterBlockLists(layout).map((b) => b.listId))];
  if (!keys.length) return {};
  const known = await siteListIds(db, websiteId, keys.filter(Boolean));
  const out: Record<string, { token: string }> = {};
  const fallback = keys.every((k) => known.has(k)) ? '' : await defaultListId(db, websiteId);
  for (const key of keys)
    out[key] = { token: await signupToken(db, websiteId, known.has(key) ? key : fallback) };
  return out;
}

export type BlockSignUp =
  | { ok: true; confirm: boolean }
  | { ok: false; code: 'LIST_TOKEN_INVALID' | 'LIST_NOT_FOUND' };

/**
 * A visitor's sign-up through a newsletter block: the list comes from the block's signed
 * token, the opt-in goes through `optIn` (a double opt-in list leaves them pending and mails
 * the confirmation). `confirm`: the list asks for confirmation (the same answer for every
 * address, so it tells nobody who is already subscribed).
 */
export async function blockSignUp(
  db: Database,
  input: { websiteId: string; email: string; listToken: string },
): Promise<BlockSignUp> {
  const listId = await listOfSignupToken(db, input.websiteId, input.listToken);
  if (!listId) return { ok: false, code: 'LIST_TOKEN_INVALID' };
  const [list] = await db
    .select({ doubleOptIn: mailingLists.doubleOptIn })
    .from(mailingLists)
    .where(and(eq(mailingLists.id, listId), eq(mailingLists.websiteId, input.websiteId)));
  if (!list) {
    // The page was cached before its list was deleted: drop the site's cached pages, so the
    // visitor's reload renders the block again (on the default list).
    await db.transaction((tx) => notifySiteChanged(tx, input.websiteId));
    return { ok: false, code: 'LIST_NOT_FOUND' };
  }
  const joined = await optIn(db, {
    websiteId: input.websiteId,
    listId,
    email: input.email,
    source: 'newsletter',
    consentSource: BLOCK_CONSENT_SOURCE,
  });
  if (!joined.ok) return { ok: false, code: 'LIST_NOT_FOUND' };
  return { ok: true, confirm: list.doubleOptIn };
}

export type LayoutListProblem = { code: 'LIST_REQUIRED' | 'LIST_NOT_FOUND'; path: string };

/**
 * Saving a page: each newsletter block must name one of the site's lists. The first block
 * that does not, with the path of its list in the layout; null when all do.
 */
export async function layoutListProblem(
  db: Database,
  websiteId: string,
  layout: StoredLayout,
): Promise<LayoutListProblem | null> {
  const blocks = newsletterBlockLists(layout);
  const missing = blocks.find((b) => !b.listId);
  if (missing) return { code: 'LIST_REQUIRED', path: missing.path };
  const known = await siteListIds(db, websiteId, [...new Set(blocks.map((b) => b.listId))]);
  const foreign = blocks.find((b) => !known.has(b.listId));
  return foreign ? { code: 'LIST_NOT_FOUND', path: foreign.path } : null;
}
