import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { notifySiteChanged } from './studio/site-changed';
import type { Database } from '../db/client';
import { mailingLists, popupOverlays } from '../db/schema/newsletter';
import {
  type JoinResult,
  type ListSource,
  defaultListId,
  unsubscribeByToken,
  unsubscribeTokenFor,
} from './lists/members';
import { theRow } from '../db/rows';
import { optIn } from './lists/opt-ins';

/**
 * Sign an email up (again) to the site's default list (services/lists/members.ts): signing up
 * twice keeps one member; signing up after unsubscribing subscribes again with a fresh token,
 * so an old unsubscribe link stops working.
 */
export async function subscribe(
  db: Database,
  input: { websiteId: string; email: string; source: string; listId?: string },
): Promise<JoinResult> {
  // The popup joins the list chosen in its settings (the default list when none is).
  let listId = input.listId;
  if (!listId && input.source === 'popup') {
    const [popup] = await db
      .select({ listId: popupOverlays.listId })
      .from(popupOverlays)
      .where(eq(popupOverlays.websiteId, input.websiteId));
    listId = popup?.listId ?? undefined;
  }
  // Through the one opt-in path: a list asking for double opt-in mails its confirmation link.
  return optIn(db, {
    websiteId: input.websiteId,
    listId,
    email: input.email,
    source: input.source as ListSource,
  });
}

/** Unsubscribe by link token; false when no member of this site's lists has that token. */
export async function unsubscribe(db: Database, websiteId: string, token: string): Promise<boolean> {
  return Boolean(await unsubscribeByToken(db, websiteId, token));
}

/** The token of a current subscriber of the default list (for the unsubscribe link in newsletter emails). */
export async function unsubscribeTokenOf(db: Database, websiteId: string, email: string) {
  return unsubscribeTokenFor(db, websiteId, email);
}

/** The site's popup overlay when it is switched on, else null. */
export async function activePopup(db: Database, websiteId: string) {
  const [row] = await db
    .select()
    .from(popupOverlays)
    .where(and(eq(popupOverlays.websiteId, websiteId), eq(popupOverlays.enabled, true)));
  return row ?? null;
}

/** The popup overlay as the owner set it up. */
export interface PopupSettings {
  enabled: boolean;
  title: string;
  body: string;
  buttonLabel: string;
  imageUrl: string | null;
  /** The list a sign-up joins; null: the site's default list. */
  listId: string | null;
  trigger: 'delay' | 'scroll' | 'exit';
  delaySeconds: number;
  scrollPercent: number;
  hideDays: number;
}

/** What the studio shows before the first save (switched off). */
export const POPUP_DEFAULTS: PopupSettings & { version: number } = {
  enabled: false,
  title: 'Join our newsletter',
  body: 'News, offers and new products, now and then.',
  buttonLabel: 'Sign up',
  imageUrl: null,
  listId: null,
  trigger: 'delay',
  delaySeconds: 5,
  scrollPercent: 50,
  hideDays: 7,
  version: 0,
};

/** The site's mailing lists a sign-up can join, the default list first (made when missing). */
export async function signupLists(db: Database, websiteId: string) {
  await defaultListId(db, websiteId);
  return db
    .select({ id: mailingLists.id, name: mailingLists.name, isDefault: mailingLists.isDefault })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(desc(mailingLists.isDefault), asc(mailingLists.name));
}

/**
 * The popup overlay as set up (on or off), or the defaults before the first save, with the
 * list a sign-up joins (the default list when none is chosen) and the lists to choose from.
 */
export async function popupSettings(db: Database, websiteId: string) {
  const lists = await signupLists(db, websiteId);
  const defaultId = lists.find((l) => l.isDefault)?.id ?? (await defaultListId(db, websiteId));
  const [row] = await db.select().from(popupOverlays).where(eq(popupOverlays.websiteId, websiteId));
  if (!row) return { ...POPUP_DEFAULTS, listId: defaultId, lists };
  return {
    enabled: row.enabled,
    title: row.title,
    body: row.body,
    buttonLabel: row.buttonLabel,
    imageUrl: row.imageUrl,
    listId: row.listId ?? defaultId,
    trigger: row.trigger,
    delaySeconds: row.delaySeconds,
    scrollPercent: row.scrollPercent,
    hideDays: row.hideDays,
    version: row.version,
    lists,
  };
}

/**
 * Save the popup overlay. Every save is a new version, so visitors who closed the old one see
 * the new one; the site's cached pages are dropped on commit (the layout renders the popup).
 * `listId` must be a list of this site (absent: the list stays as it is).
 */
export async function savePopup(
  db: Database,
  websiteId: string,
  input: Partial<Omit<PopupSettings, 'listId'>> &
    Pick<PopupSettings, 'enabled' | 'title'> & { listId?: string | undefined },
): Promise<
  { ok: true; value: { enabled: boolean; version: number } } | { ok: false; code: 'LIST_NOT_FOUND' }
> {
  return db.transaction(async (tx) => {
    if (input.listId !== undefined) {
      const [list] = await tx
        .select({ id: mailingLists.id })
        .from(mailingLists)
        .where(and(eq(mailingLists.id, input.listId), eq(mailingLists.websiteId, websiteId)));
      if (!list) return { ok: false as const, code: 'LIST_NOT_FOUND' as const };
    }
    const { listId, ...rest } = input;
    const values = listId === undefined ? rest : { ...rest, listId };
    const rows = await tx
      .insert(popupOverlays)
      .values({ websiteId, ...values })
      .onConflictDoUpdate({
        target: popupOverlays.websiteId,
        set: { ...values, version: sql`${popupOverlays.version} + 1` },
      })
      .returning({ enabled: popupOverlays.enabled, version: popupOverlays.version });
    await notifySiteChanged(tx, websiteId);
    return { ok: true as const, value: theRow(rows, 'upsert into popup_overlays') };
  });
}
