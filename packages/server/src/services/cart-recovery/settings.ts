import { type CartRecoverySettingsView, MAX_REMINDER_DELAY_MINUTES } from '@store/api';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { commercePreferences } from '../../db/schema/index';
import type { Db } from '../cart/cart-store';

/**
 * The store's abandoned-cart reminders (commerce preferences, namespace `cart-recovery`): off
 * until the owner turns them on; one reminder an hour after the cart was last touched unless
 * the owner adds more (up to three).
 */
export const CART_RECOVERY_NAMESPACE = 'cart-recovery';

export const DEFAULT_CART_RECOVERY: CartRecoverySettingsView = {
  enabled: false,
  delaysMinutes: [60],
  subject: 'You left something in your cart',
  intro: 'Your cart at {site} is saved for you. Pick up where you left off whenever you are ready.',
};

function validDelays(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > 3) return null;
  const ok = value.every(
    (m, i) =>
      Number.isInteger(m) &&
      m >= 0 &&
      m <= MAX_REMINDER_DELAY_MINUTES &&
      (i === 0 || m > (value[i - 1] as number)),
  );
  return ok ? (value as number[]) : null;
}

function settingsOf(stored: Record<string, unknown> | undefined): CartRecoverySettingsView {
  const d = DEFAULT_CART_RECOVERY;
  return {
    enabled: stored?.enabled === true,
    delaysMinutes: validDelays(stored?.delaysMinutes) ?? d.delaysMinutes,
    subject: typeof stored?.subject === 'string' && stored.subject.trim() ? stored.subject : d.subject,
    intro: typeof stored?.intro === 'string' ? stored.intro : d.intro,
  };
}

export async function cartRecoverySettings(db: Db, websiteId: string): Promise<CartRecoverySettingsView> {
  const [row] = await db
    .select({ preferences: commercePreferences.preferences })
    .from(commercePreferences)
    .where(
      and(
        eq(commercePreferences.websiteId, websiteId),
        eq(commercePreferences.namespace, CART_RECOVERY_NAMESPACE),
      ),
    );
  return settingsOf(row?.preferences);
}

/** Save the owner's change (already checked by the route's schema); answers what is saved. */
export async function saveCartRecoverySettings(
  db: Database,
  websiteId: string,
  change: Partial<CartRecoverySettingsView>,
): Promise<CartRecoverySettingsView> {
  return db.transaction(async (tx) => {
    const next = { ...(await cartRecoverySettings(tx, websiteId)), ...change };
    await tx
      .insert(commercePreferences)
      .values({ websiteId, namespace: CART_RECOVERY_NAMESPACE, preferences: { ...next } })
      .onConflictDoUpdate({
        target: [commercePreferences.websiteId, commercePreferences.namespace],
        set: { preferences: { ...next }, updatedAt: new Date() },
      });
    return next;
  });
}

/** `{site}` in the owner's subject and intro becomes the site's name. */
export function withSiteName(text: string, siteTitle: string): string {
  return text.replaceAll('{site}', siteTitle);
}
