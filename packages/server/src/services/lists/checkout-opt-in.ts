import {
  CHECKOUT_NEWSLETTER_DEFAULT_LABEL,
  type CheckoutNewsletterSettings,
  type CheckoutNewsletterView,
} from '@store/api';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { checkoutOptInSettings, mailingLists } from '../../db/schema/newsletter';
import type { JoinResult } from './members';
import { optIn } from './opt-ins';

/**
 * Checkout's "Keep me posted" box (store settings → Newsletter at checkout): the owner's
 * settings, what the checkout page shows, and the join once an order is placed.
 */

export type CheckoutOptInFailure = { ok: false; code: 'NO_LISTS' | 'LIST_REQUIRED' | 'LIST_NOT_FOUND' };

const DEFAULTS: CheckoutNewsletterSettings = {
  enabled: false,
  listId: null,
  label: CHECKOUT_NEWSLETTER_DEFAULT_LABEL,
};

async function storedSettings(db: Database | Tx, websiteId: string): Promise<CheckoutNewsletterSettings> {
  const s = checkoutOptInSettings;
  const [row] = await db
    .select({ enabled: s.enabled, listId: s.listId, label: s.label })
    .from(s)
    .where(eq(s.websiteId, websiteId));
  return row ?? DEFAULTS;
}

/** The site's lists to pick from (as they are: none is made here), the default first. */
async function siteLists(db: Database | Tx, websiteId: string) {
  return db
    .select({ id: mailingLists.id, name: mailingLists.name })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(desc(mailingLists.isDefault), mailingLists.name);
}

export async function checkoutNewsletterView(
  db: Database,
  websiteId: string,
): Promise<CheckoutNewsletterView> {
  const settings = await storedSettings(db, websiteId);
  return { ...settings, lists: await siteLists(db, websiteId) };
}

/**
 * Save the owner's change (its shape already checked by the route's schema). The list must be
 * one of the site's; on needs a list. The chosen list is held (FOR SHARE) until the row is
 * written, so a list deleted meanwhile cannot leave the setting pointing at nothing.
 */
export async function saveCheckoutNewsletter(
  db: Database,
  websiteId: string,
  change: Partial<CheckoutNewsletterSettings>,
): Promise<{ ok: true; value: CheckoutNewsletterView } | CheckoutOptInFailure> {
  return db.transaction(async (tx) => {
    const next = { ...(await storedSettings(tx, websiteId)) };
    if (change.enabled !== undefined) next.enabled = change.enabled;
    if (change.listId !== undefined) next.listId = change.listId;
    if (change.label !== undefined) next.label = change.label;
    if (next.listId) {
      const [held] = await tx
        .select({ id: mailingLists.id })
        .from(mailingLists)
        .where(and(eq(mailingLists.id, next.listId), eq(mailingLists.websiteId, websiteId)))
        .for('share');
      if (!held) return { ok: false, code: 'LIST_NOT_FOUND' } as const;
    }
    const lists = await siteLists(tx, websiteId);
    if (next.enabled && lists.length === 0) return { ok: false, code: 'NO_LISTS' } as const;
    if (next.enabled && !next.listId) return { ok: false, code: 'LIST_REQUIRED' } as const;
    await tx
      .insert(checkoutOptInSettings)
      .values({ websiteId, ...next })
      .onConflictDoUpdate({
        target: checkoutOptInSettings.websiteId,
        set: { ...next, updatedAt: new Date() },
      });
    return { ok: true, value: { ...next, lists } } as const;
  });
}

/** What the checkout page shows: the box's words while it is on with a list, else null. */
export async function checkoutNewsletterBox(
  db: Database,
  websiteId: string,
): Promise<{ label: string } | null> {
  const s = checkoutOptInSettings;
  const [row] = await db
    .select({ label: s.label })
    .from(s)
    .where(and(eq(s.websiteId, websiteId), eq(s.enabled, true), isNotNull(s.listId)));
  return row ?? null;
}

/**
 * A placed order whose buyer ticked the box: the order's e-mail joins the store's list now
 * (source `checkout`, the order number as the consent's detail), through `optIn`, so a double
 * opt-in list leaves the buyer pending and mails the confirmation. Nothing when the store has
 * the box off or no list (the settings as they are now, not as the page showed them).
 */
export async function joinFromCheckout(
  db: Database,
  order: { websiteId: string; email: string; orderNumber: number },
): Promise<JoinResult | null> {
  const s = checkoutOptInSettings;
  const [row] = await db
    .select({ listId: s.listId })
    .from(s)
    .where(and(eq(s.websiteId, order.websiteId), eq(s.enabled, true)));
  if (!row?.listId) return null;
  return optIn(db, {
    websiteId: order.websiteId,
    listId: row.listId,
    email: order.email.trim(),
    source: 'checkout',
    consentSource: `checkout: order #${order.orderNumber}`,
  });
}
