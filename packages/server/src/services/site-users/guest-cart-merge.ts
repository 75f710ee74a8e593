import { isCartToken } from '@store/commerce';
import type { Database } from '../../db/client';
import { mergeGuestCart } from '../cart/merge-guest-cart';

/**
 * Login merges the guest cart into the user's cart (same variant → quantities summed,
 * within stock); the cart area owns that rule (`mergeGuestCart`). Returns the user's cart
 * token, or null when neither cart exists.
 */
export async function mergeGuestCartOnLogin(
  db: Database,
  input: { websiteId: string; guestCartToken: string | undefined; siteUserId: string },
): Promise<string | null> {
  const guestCartToken = isCartToken(input.guestCartToken) ? input.guestCartToken : undefined;
  const token = await mergeGuestCart(db, {
    websiteId: input.websiteId,
    guestCartToken,
    siteUserId: input.siteUserId,
  });
  return token ?? null;
}
