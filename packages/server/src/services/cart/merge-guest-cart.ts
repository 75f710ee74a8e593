import { tracksStock } from '@store/commerce';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartEntries, carts } from '../../db/schema/index';
import { MAX_GIFT_CARDS } from '../gift-cards/gift-card-cart';
import { MAX_QUANTITY } from '../cart.service';
import { findOpenCart, loadCartLines, upsertEntry } from './cart-store';

/**
 * At login: move the guest cart's lines into the user's cart (same variant → quantities
 * summed, capped by stock and 9999) and return the user's cart token. With no user cart yet,
 * the guest cart simply becomes the user's.
 */
export async function mergeGuestCart(
  db: Database,
  input: { websiteId: string; guestCartToken?: string; siteUserId: string },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const guest = input.guestCartToken
      ? await findOpenCart(tx, { websiteId: input.websiteId, token: input.guestCartToken }, true)
      : undefined;
    const user = await findOpenCart(tx, { websiteId: input.websiteId, siteUserId: input.siteUserId }, true);
    if (!guest || guest.siteUserId === input.siteUserId) return user?.token ?? guest?.token;
    if (!user) {
      await tx.update(carts).set({ siteUserId: input.siteUserId }).where(eq(carts.id, guest.id));
      return guest.token;
    }
    const [guestLines, userLines] = await Promise.all([
      loadCartLines(tx, guest.id),
      loadCartLines(tx, user.id),
    ]);
    const recipients = await tx
      .select({ sku: cartEntries.sku, giftRecipient: cartEntries.giftRecipient })
      .from(cartEntries)
      .where(and(eq(cartEntries.cartId, guest.id), isNotNull(cartEntries.giftRecipient)));
    for (const line of guestLines) {
      const current = line.additionalFields
        ? undefined
        : userLines.find((l) => l.sku === line.sku && !l.additionalFields);
      const limited = tracksStock(line.productType) && !line.unlimited;
      const cap = Math.min(MAX_QUANTITY, limited ? line.qtyInStock : MAX_QUANTITY);
      const wanted = Math.min(cap, (current?.quantity ?? 0) + line.quantity);
      if (current) {
        await tx
          .update(cartEntries)
          .set({ quantity: Math.max(current.quantity, wanted) })
          .where(eq(cartEntries.id, current.entryId));
      } else if (wanted > 0) {
        await upsertEntry(tx, {
          websiteId: input.websiteId,
          cartId: user.id,
          itemId: line.itemId,
          sku: line.sku,
          quantity: wanted,
          additionalFields: line.additionalFields,
        });
      }
    }
    // What the visitor set up as a guest comes along: gift card recipients, coupons, gift cards.
    for (const r of recipients) {
      await tx
        .update(cartEntries)
        .set({ giftRecipient: r.giftRecipient })
        .where(
          and(eq(cartEntries.cartId, user.id), eq(cartEntries.sku, r.sku), isNull(cartEntries.giftRecipient)),
        );
    }
    const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
    await tx
      .update(carts)
      .set({
        couponCodes: union(user.couponCodes, guest.couponCodes),
        giftCardCodes: union(user.giftCardCodes, guest.giftCardCodes).slice(0, MAX_GIFT_CARDS),
        giftCardBalancesSeen: { ...guest.giftCardBalancesSeen, ...user.giftCardBalancesSeen },
        updatedAt: new Date(),
      })
      .where(eq(carts.id, user.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return user.token;
  });
}
