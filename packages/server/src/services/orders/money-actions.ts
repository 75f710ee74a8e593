import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { orderPaymentOperations, orders } from '../../db/schema/index';
import { Rejection } from '../../reasons';
import type { OrderRow } from '../order.service';
import type { PaymentProvider, PaymentResult } from '../payments/payment-provider';

export type MoneyKind = 'capture' | 'cancel' | 'refund';

/** What an owner's action asks of the provider: planned under the order's lock, sent after it. */
export interface MoneyStep {
  kind: MoneyKind;
  amountCents: number;
  idempotencyKey: string;
}

/** The provider call of a step, for the order as it was when the step was claimed. */
export function callProvider(
  provider: PaymentProvider,
  row: OrderRow,
  step: MoneyStep,
): Promise<PaymentResult> {
  switch (step.kind) {
    case 'capture':
      return provider.capture(row.paymentReference, step.amountCents, step.idempotencyKey);
    case 'refund':
      return provider.refund(row.paymentReference, step.amountCents, step.idempotencyKey);
    case 'cancel':
      // An authorisation is voided; captured money is refunded.
      return row.status === 'PENDING'
        ? provider.cancel(row.paymentReference)
        : provider.refund(row.paymentReference, step.amountCents, step.idempotencyKey);
  }
}

export async function lockOrder(tx: Tx, websiteId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** Refuse a change while a money action on the order waits for its provider. */
export async function refuseWhileClaimed(tx: Tx, orderId: string): Promise<void> {
  const [claim] = await tx
    .select({ orderId: orderPaymentOperations.orderId })
    .from(orderPaymentOperations)
    .where(eq(orderPaymentOperations.orderId, orderId));
  if (claim) throw new Rejection('ORDER_BUSY');
}

/** Claim the order for `step` (one claim per order): a second action meanwhile gets 409. */
export async function claimStep(tx: Tx, row: OrderRow, step: MoneyStep): Promise<void> {
  const claimed = await tx
    .insert(orderPaymentOperations)
    .values({ orderId: row.id, websiteId: row.websiteId, ...step })
    .onConflictDoNothing()
    .returning({ orderId: orderPaymentOperations.orderId });
  if (claimed.length === 0) throw new Rejection('ORDER_BUSY');
}

export async function dropClaim(db: Database | Tx, orderId: string): Promise<void> {
  await db.delete(orderPaymentOperations).where(eq(orderPaymentOperations.orderId, orderId));
}

/**
 * Remove the claim of exactly this step, under the order's lock, and say whether it was
 * still there. Only whoever removes it applies the step to the order: a request and the
 * scheduler (or two schedulers) finishing the same claim change the order once.
 */
export async function takeClaim(tx: Tx, orderId: string, idempotencyKey: string): Promise<boolean> {
  const taken = await tx
    .delete(orderPaymentOperations)
    .where(
      and(
        eq(orderPaymentOperations.orderId, orderId),
        eq(orderPaymentOperations.idempotencyKey, idempotencyKey),
      ),
    )
    .returning({ orderId: orderPaymentOperations.orderId });
  return taken.length > 0;
}

/** A claim older than this lost its request (a crash): the scheduler finishes or drops it. */
export const STALE_CLAIM_SECONDS = 120;

/**
 * Finish claims a crash left behind: the provider is asked again with the claim's own
 * idempotency key (so money moves at most once), then the order is updated as the action
 * would have (`finish`), or the claim dropped if the provider refuses.
 */
export async function finishStaleClaims(
  db: Database,
  providerFor: (websiteId: string, name: string) => Promise<PaymentProvider | undefined>,
  finish: (claim: typeof orderPaymentOperations.$inferSelect, row: OrderRow) => Promise<void>,
  staleSeconds = STALE_CLAIM_SECONDS,
): Promise<number> {
  const stale = await db
    .select()
    .from(orderPaymentOperations)
    .where(lt(orderPaymentOperations.createdAt, sql`now() - make_interval(secs => ${staleSeconds})`))
    .limit(50);
  for (const claim of stale) {
    const [row] = await db.select().from(orders).where(eq(orders.id, claim.orderId));
    const provider = row && (await providerFor(row.websiteId, row.paymentProvider));
    if (!row || !provider) {
      await dropClaim(db, claim.orderId);
      continue;
    }
    const answer = await callProvider(provider, row, claim).catch((e: Error) => ({
      ok: false as const,
      message: e.message,
    }));
    if (answer.ok) await finish(claim, row);
    else await dropClaim(db, claim.orderId);
  }
  return stale.length;
}

/**
 * An owner's money action in three steps, no row lock held across the provider call:
 * claim (the order's lock, the move checked, the claim written), the provider call, then
 * finish (the order updated, stock and gift cards given back, mail queued, claim removed).
 * A refusal drops the claim and answers 402; the order is unchanged. Expected refusals are
 * thrown as a Rejection: callers run it inside `asOutcome`.
 */
export async function runMoneyAction<T>(
  db: Database,
  websiteId: string,
  orderId: string,
  provider: PaymentProvider,
  plan: (row: OrderRow) => MoneyStep | null,
  finish: (tx: Tx, row: OrderRow, step: MoneyStep | null) => Promise<T>,
  current: (tx: Tx, row: OrderRow) => Promise<T>,
): Promise<T> {
  const step = await retryTransaction(db, async (tx) => {
    const row = await lockOrder(tx, websiteId, orderId);
    if (!row) throw new Rejection('ORDER_NOT_FOUND');
    await refuseWhileClaimed(tx, orderId);
    const planned = plan(row);
    if (planned) await claimStep(tx, row, planned);
    return { planned, row };
  });
  if (step.planned) {
    let answer: PaymentResult;
    try {
      answer = await callProvider(provider, step.row, step.planned);
    } catch (error) {
      // Unknown whether the provider acted: the claim stays, and the scheduler asks again.
      throw new Rejection('PROVIDER_SILENT', undefined, undefined, {
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    if (!answer.ok) {
      await dropClaim(db, orderId);
      throw new Rejection('PROVIDER_REFUSED', undefined, answer.message);
    }
  }
  return retryTransaction(db, async (tx) => {
    const row = await lockOrder(tx, websiteId, orderId);
    if (!row) throw new Rejection('ORDER_NOT_FOUND');
    // Without a provider step there is no claim; with one, the scheduler may have finished it.
    if (step.planned && !(await takeClaim(tx, orderId, step.planned.idempotencyKey))) return current(tx, row);
    return finish(tx, row, step.planned);
  });
}
