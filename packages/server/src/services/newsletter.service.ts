import { and, eq, sql } from 'drizzle-orm';
import { notifySiteChanged } from './studio/site-changed';
import type { Database } from '../db/client';
import { popupOverlays } from '../db/schema/newsletter';
import { type JoinResult, type ListSource, unsubscribeByToken, unsubscribeTokenFor } from './lists/members';
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
  mailingList: 'newsletter';
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
  mailingList: 'newsletter',
  trigger: 'delay',
  delaySeconds: 5,
  scrollPercent: 50,
  hideDays: 7,
  version: 0,
};

/** The site's popup overlay as set up (on or off), or the defaults before the first save. */
export async function popupSettings(db: Database, websiteId: string) {
  const [row] = await db.select().from(popupOverlays).where(eq(popupOverlays.websiteId, websiteId));
  if (!row) return POPUP_DEFAULTS;
  return {
    enabled: row.enabled,
    title: row.title,
    body: row.body,
    buttonLabel: row.buttonLabel,
    imageUrl: row.imageUrl,
    mailingList: 'newsletter' as const,
    trigger: row.trigger,
    delaySeconds: row.delaySeconds,
    scrollPercent: row.scrollPercent,
    hideDays: row.hideDays,
    version: row.version,
  };
}

/**
 * Save the popup overlay. Every save is a new version, so visitors who closed the old one see
 * the new one; the site's cached pages are dropped on commit (the layout renders the popup).
 */
export async function savePopup(
  db: Database,
  websiteId: string,
  input: Partial<PopupSettings> & Pick<PopupSettings, 'enabled' | 'title'>,
): Promise<{ enabled: boolean; version: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(popupOverlays)
      .values({ websiteId, ...input })
      .onConflictDoUpdate({
        target: popupOverlays.websiteId,
        set: { ...input, version: sql`${popupOverlays.version} + 1` },
      })
      .returning({ enabled: popupOverlays.enabled, version: popupOverlays.version });
    await notifySiteChanged(tx, websiteId);
    return theRow(rows, 'upsert into popup_overlays');
  });
}
