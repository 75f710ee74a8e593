import type { z } from 'zod';
import { type couponInput, STORE_SETTINGS_MESSAGES } from '@store/api';
import { type Coupon, fillMessage, type InvalidCoupon } from '@store/commerce';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { coupons } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { notFound } from './not-found';

type Input = z.output<typeof couponInput>;
type Row = typeof coupons.$inferSelect;

function present(row: Row) {
  const { websiteId: _w, ...rest } = row;
  return {
    ...rest,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

const values = (input: Input) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

const taken = () => fieldRejection('COUPON_CODE_TAKEN', 'code');

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Codes are unique per site whatever their case (stored upper-case; older rows compared with upper()). */
async function assertCodeFree(db: Database | Tx, websiteId: string, code: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.websiteId, websiteId),
        sql`upper(${coupons.code}) = ${code.toUpperCase()}`,
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    );
  if (clash) throw taken();
}

/** The insert/update itself: a concurrent twin of the same code loses on the unique index (409, not 500). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function listCoupons(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.websiteId, websiteId))
    .orderBy(asc(coupons.code));
  return { coupons: rows.map(present) };
}

export async function createCoupon(
  db: Database,
  websiteId: string,
  input: Input,
): Promise<Outcome<ReturnType<typeof present>>> {
  return asOutcome(async () => {
    await assertCodeFree(db, websiteId, input.code);
    const row = await guarded(async () =>
      theRow(
        await db
          .insert(coupons)
          .values({ ...values(input), websiteId })
          .returning(),
        'insert into coupons',
      ),
    );
    return present(row);
  });
}

/** Replaces everything but the usage count; a limit below what was already used is refused. */
export async function updateCoupon(
  db: Database,
  websiteId: string,
  id: string,
  input: Input,
): Promise<Outcome<ReturnType<typeof present>>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ timesUsed: coupons.timesUsed })
        .from(coupons)
        .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)))
        .for('update');
      if (!current) throw new Rejection(notFound.reason);
      await assertCodeFree(tx, websiteId, input.code, id);
      if (input.usageLimit !== null && input.usageLimit < current.timesUsed) {
        const used = { timesUsed: String(current.timesUsed) };
        const message = fillMessage(STORE_SETTINGS_MESSAGES.usageBelowUsed, used);
        // The message names its field, as the schema's own messages do.
        throw new Rejection('COUPON_LIMIT_BELOW_USES', used, `usageLimit: ${message}`, {
          errors: { usageLimit: message },
        });
      }
      const [row] = await guarded(() =>
        tx
          .update(coupons)
          .set(values(input))
          .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)))
          .returning(),
      );
      if (!row) throw new Rejection(notFound.reason);
      return present(row);
    }),
  );
}

export async function deleteCoupon(
  db: Database,
  websiteId: string,
  id: string,
): Promise<Outcome<{ ok: true }>> {
  const gone = await db
    .delete(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.id, id)))
    .returning({ id: coupons.id });
  if (gone.length === 0) return notFound;
  return { ok: true, value: { ok: true } };
}

/**
 * At checkout, in the order's transaction: each applied coupon counts one use, only while
 * `times_used < usage_limit`. The row lock of the UPDATE makes concurrent checkouts take turns
 * and re-check the condition, so a limit is never exceeded. A checkout whose coupon ran out
 * (before or during it) is refused with 409 rather than charged more than the buyer was shown;
 * its transaction (stock, order) rolls back and the cart shows the coupon as used up. Throws
 * a Rejection (COUPON_USED_UP): checkout runs it inside `asOutcome`.
 */
export async function countCouponUses(
  tx: Tx,
  websiteId: string,
  cart: { validCoupons: readonly Coupon[]; invalidCoupons: readonly InvalidCoupon[] },
): Promise<void> {
  const usedUp = () => new Rejection('COUPON_USED_UP');
  if (cart.invalidCoupons.some((c) => c.code === 'COUPON_USED_UP')) throw usedUp();
  // In code order, like every other row lock of checkout (no deadlock between two carts).
  const byCode = [...cart.validCoupons].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const coupon of byCode) {
    const counted = await tx
      .update(coupons)
      .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
      .where(
        and(
          eq(coupons.websiteId, websiteId),
          eq(coupons.code, coupon.code),
          or(isNull(coupons.usageLimit), sql`${coupons.timesUsed} < ${coupons.usageLimit}`),
        ),
      )
      .returning({ id: coupons.id });
    if (counted.length === 0) throw usedUp();
  }
}

/** What the order records as its coupon: the applied codes (usually one). */
export function appliedCouponCode(applied: readonly Coupon[]): string | null {
  return applied.length > 0 ? applied.map((c) => c.code).join(', ') : null;
}
