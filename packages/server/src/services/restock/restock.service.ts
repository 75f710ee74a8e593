import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections, items, restockSignups, variants, websites } from '../../db/schema/index';
import { enqueueEmail } from '../email/email-outbox';
import { restockEmail } from './restock-email';

export const PAGE_SIZE = 20;

/** The variant if it belongs to this product on this website. */
export async function findVariant(db: Database, websiteId: string, productId: string, variantId: string) {
  const [row] = await db
    .select({ id: variants.id, qtyInStock: variants.qtyInStock, unlimited: variants.unlimited })
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.itemId, productId), eq(variants.websiteId, websiteId)))
    .limit(1);
  return row ?? null;
}

/**
 * Record a signup. Signing up again for the same variant and email changes nothing while
 * the first is pending; after a notification it asks to be told again.
 */
export async function signUp(
  db: Database,
  input: {
    websiteId: string;
    productId: string;
    variantId: string;
    email: string;
    isJoinMailingList: boolean;
    language?: string;
  },
): Promise<void> {
  await db
    .insert(restockSignups)
    .values({ ...input, email: input.email.trim().toLowerCase() })
    .onConflictDoUpdate({
      target: [restockSignups.websiteId, restockSignups.variantId, restockSignups.email],
      set: {
        isJoinMailingList: sql`${restockSignups.isJoinMailingList} or excluded.is_join_mailing_list`,
        notifiedAt: null,
      },
    });
}

/** Signup groups (one per product variant) for the owner, keyset-paginated. */
export async function listGroups(db: Database, websiteId: string, after?: string[]) {
  const [afterProduct, afterVariant] = after ?? [];
  const rows = await db
    .select({
      productId: restockSignups.productId,
      variantId: restockSignups.variantId,
      productName: items.title,
      sku: variants.sku,
      attributes: variants.attributes,
      qtyInStock: variants.qtyInStock,
      unlimited: variants.unlimited,
      signUpCount: count(),
      pendingCount: sql<number>`cast(count(*) filter (where ${restockSignups.notifiedAt} is null) as int)`,
    })
    .from(restockSignups)
    .innerJoin(variants, eq(variants.id, restockSignups.variantId))
    .innerJoin(items, eq(items.id, restockSignups.productId))
    .where(
      and(
        eq(restockSignups.websiteId, websiteId),
        afterProduct !== undefined && afterVariant !== undefined
          ? or(
              gt(restockSignups.productId, afterProduct),
              and(eq(restockSignups.productId, afterProduct), gt(restockSignups.variantId, afterVariant)),
            )
          : undefined,
      ),
    )
    .groupBy(restockSignups.productId, restockSignups.variantId, items.title, variants.id)
    .orderBy(asc(restockSignups.productId), asc(restockSignups.variantId))
    .limit(PAGE_SIZE + 1);
  return rows.map((r) => ({
    ...r,
    signUpCount: Number(r.signUpCount),
    pendingCount: Number(r.pendingCount),
  }));
}

/** Signups of one variant, oldest first, keyset-paginated on (createdAt, id). */
export async function listSignups(
  db: Database,
  websiteId: string,
  productId: string,
  variantId: string,
  after?: string[],
) {
  return db
    .select({
      id: restockSignups.id,
      email: restockSignups.email,
      isJoinMailingList: restockSignups.isJoinMailingList,
      createdAt: restockSignups.createdAt,
      notifiedAt: restockSignups.notifiedAt,
      // Exact (microsecond) timestamp for the cursor: a JS Date would round it to ms.
      cursorAt: sql<string>`${restockSignups.createdAt}::text`,
    })
    .from(restockSignups)
    .where(
      and(
        eq(restockSignups.websiteId, websiteId),
        eq(restockSignups.productId, productId),
        eq(restockSignups.variantId, variantId),
        after
          ? sql`(${restockSignups.createdAt}, ${restockSignups.id}) > (${after[0]}::timestamptz, ${after[1]})`
          : undefined,
      ),
    )
    .orderBy(asc(restockSignups.createdAt), asc(restockSignups.id))
    .limit(PAGE_SIZE + 1);
}

export type SendResult = { ok: true; sent: number } | { ok: false; code: 'NOT_FOUND' | 'NOT_IN_STOCK' };

/**
 * Notify the pending signups of a variant that is back in stock. Marking and queueing
 * happen in one transaction, and the UPDATE … WHERE notified_at IS NULL claims each row
 * once: a concurrent second send waits for the row locks, then finds nothing pending.
 */
export async function sendRestock(
  db: Database,
  input: { websiteId: string; productId: string; variantId: string; origin: string },
): Promise<SendResult> {
  return db.transaction(async (tx) => {
    const [v] = await tx
      .select({
        qtyInStock: variants.qtyInStock,
        unlimited: variants.unlimited,
        attributes: variants.attributes,
        productTitle: items.title,
        itemUrlId: items.urlId,
        collectionUrlId: collections.urlId,
        siteTitle: websites.siteTitle,
      })
      .from(variants)
      .innerJoin(items, eq(items.id, variants.itemId))
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .innerJoin(websites, eq(websites.id, variants.websiteId))
      .where(
        and(
          eq(variants.id, input.variantId),
          eq(variants.itemId, input.productId),
          eq(variants.websiteId, input.websiteId),
        ),
      )
      .limit(1);
    if (!v) return { ok: false, code: 'NOT_FOUND' } as const;
    if (!v.unlimited && v.qtyInStock <= 0) return { ok: false, code: 'NOT_IN_STOCK' } as const;
    const claimed = await tx
      .update(restockSignups)
      .set({ notifiedAt: new Date() })
      .where(
        and(
          eq(restockSignups.websiteId, input.websiteId),
          eq(restockSignups.variantId, input.variantId),
          isNull(restockSignups.notifiedAt),
        ),
      )
      .returning({ email: restockSignups.email });
    const mail = restockEmail({
      siteTitle: v.siteTitle,
      productTitle: v.productTitle,
      attributes: v.attributes,
      url: `${input.origin}/${v.collectionUrlId}/p/${v.itemUrlId}`,
    });
    for (const { email } of claimed) {
      await enqueueEmail(tx, { websiteId: input.websiteId, kind: 'restock', to: email, ...mail });
    }
    return { ok: true, sent: claimed.length } as const;
  });
}
