import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifySiteChanged } from './studio/site-changed';
import type { Database } from '../db/client';
import { newsletterSubscribers, popupOverlays } from '../db/schema/newsletter';
import { theRow } from '../db/rows';

/**
 * Sign an email up (again). Signing up twice keeps one row; signing up after unsubscribing
 * subscribes again with a fresh token, so an old unsubscribe link stops working.
 */
export async function subscribe(
  db: Database,
  input: { websiteId: string; email: string; source: string },
): Promise<void> {
  await db
    .insert(newsletterSubscribers)
    .values({
      websiteId: input.websiteId,
      email: input.email.toLowerCase(),
      source: input.source,
      unsubscribeToken: randomBytes(24).toString('base64url'),
    })
    .onConflictDoUpdate({
      target: [newsletterSubscribers.websiteId, newsletterSubscribers.email],
      set: {
        unsubscribedAt: null,
        unsubscribeToken: sql`case when ${newsletterSubscribers.unsubscribedAt} is null then ${newsletterSubscribers.unsubscribeToken} else excluded.unsubscribe_token end`,
      },
    });
}

/** Unsubscribe by link token; false when no subscription of this site has that token. */
export async function unsubscribe(db: Database, websiteId: string, token: string): Promise<boolean> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(
      and(eq(newsletterSubscribers.websiteId, websiteId), eq(newsletterSubscribers.unsubscribeToken, token)),
    )
    .returning({ id: newsletterSubscribers.id });
  return Boolean(row);
}

/** The token of a current subscriber (for the unsubscribe link in newsletter emails). */
export async function unsubscribeTokenOf(db: Database, websiteId: string, email: string) {
  const [row] = await db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.websiteId, websiteId),
        eq(newsletterSubscribers.email, email.toLowerCase()),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    );
  return row?.token ?? null;
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
