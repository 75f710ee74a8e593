import { formatMoney, tracksStock } from '@store/commerce';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import type { OrderStatus } from '../../db/schema/commerce';
import { orderItems, orders, variants } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { enqueueEmail } from '../email/email-outbox';
import { revokeDownloads } from '../downloads/download-links';
import { creditGiftCards } from '../gift-cards/gift-card-checkout';
import type { OrderRow } from '../order.service';
import type { PaymentProvider } from '../payments/payment-provider';
import {
  lockOrder,
  type MoneyKind,
  type MoneyStep,
  refuseWhileClaimed,
  runMoneyAction,
  takeClaim,
} from './money-actions';
import type { SiteRecord } from '../site.service';
import { cancelBookingsOfOrder } from '../scheduling/booking-payment';
import { grantMembershipsOfOrder } from '../members/join';
import { startSubscriptionsOfOrder } from '../subscriptions/from-order';
import { orderStatusUrl } from './order-links';
import { canceledMail, refundedMail, shippedMail } from './order-mail';
import { recordFulfilment } from './review-requests';
import { ORDER_MESSAGES, statusWord } from './order-messages';
import {
  appendOrderEvent,
  chargedCents,
  findOrderRow,
  type OwnerOrder,
  serializeOwnerOrder,
} from './owner-order';

export interface OrderActionContext {
  db: Database;
  site: SiteRecord;
  /** The provider that took a payment, by the name the order recorded. */
  providerFor: (name: string) => Promise<PaymentProvider | undefined>;
}

const NO_PROVIDER: PaymentProvider = {
  name: 'none',
  testMode: false,
  browser: () => ({ provider: 'test' }),
  charge: async () => ({ state: 'failed', message: ORDER_MESSAGES.providerGone }),
  lookup: async () => ({ state: 'unknown', message: ORDER_MESSAGES.providerGone }),
  cancel: async () => ({ ok: false, message: ORDER_MESSAGES.providerGone }),
  capture: async () => ({ ok: false, message: ORDER_MESSAGES.providerGone }),
  refund: async () => ({ ok: false, message: ORDER_MESSAGES.providerGone }),
};

type Action = 'capture' | 'fulfill' | 'cancel' | 'refund';

const NOT_ALLOWED = {
  capture: 'CAPTURE_NOT_ALLOWED',
  fulfill: 'FULFILL_NOT_ALLOWED',
  cancel: 'CANCEL_NOT_ALLOWED',
  refund: 'REFUND_NOT_ALLOWED',
} as const;

function notAllowed(action: Action, status: OrderStatus): Rejection {
  return new Rejection(NOT_ALLOWED[action], { status: statusWord(status) });
}

/**
 * An owner action that moves no money (fulfil) = one transaction: lock the order, check the
 * move is legal, then an UPDATE guarded by the state that was read: of two concurrent actions
 * the second finds the row changed and gets a 409, so mail happens once. Money actions go
 * through `moneyAction` (money-actions.ts): the provider is never called inside a transaction.
 */
async function act(
  ctx: OrderActionContext,
  orderId: string,
  work: (tx: Tx, row: OrderRow) => Promise<void>,
): Promise<Outcome<OwnerOrder>> {
  return asOutcome(() =>
    retryTransaction(ctx.db, async (tx) => {
      const row = await lockOrder(tx, ctx.site.id, orderId);
      if (!row) throw new Rejection('ORDER_NOT_FOUND');
      // A money action waiting for its provider has the order until it is finished.
      await refuseWhileClaimed(tx, orderId);
      await work(tx, row);
      const updated = await findOrderRow(tx, ctx.site.id, orderId);
      if (!updated) throw new Error('order vanished inside its transaction');
      return serializeOwnerOrder(tx, updated);
    }),
  );
}

/** An owner's money action: claimed, sent to the provider outside any transaction, finished. */
async function moneyAction(
  ctx: OrderActionContext,
  orderId: string,
  plan: (row: OrderRow) => MoneyStep | null,
  finish: (tx: Tx, row: OrderRow, step: MoneyStep | null) => Promise<void>,
): Promise<Outcome<OwnerOrder>> {
  // The provider is found before any transaction (finding it may read the database).
  const before = await findOrderRow(ctx.db, ctx.site.id, orderId);
  if (!before) return { ok: false, reason: 'ORDER_NOT_FOUND' };
  const provider = (await ctx.providerFor(before.paymentProvider)) ?? NO_PROVIDER;
  const view = async (tx: Tx) => {
    const updated = await findOrderRow(tx, ctx.site.id, orderId);
    if (!updated) throw new Error('order vanished inside its transaction');
    return serializeOwnerOrder(tx, updated);
  };
  return asOutcome(() =>
    runMoneyAction(
      ctx.db,
      ctx.site.id,
      orderId,
      provider,
      plan,
      async (tx, row, step) => {
        await finish(tx, row, step);
        return view(tx);
      },
      view,
    ),
  );
}

/** The guarded state change; `extra` narrows the guard further (e.g. the refunded total read). */
async function guardedUpdate(
  tx: Tx,
  row: OrderRow,
  set: Partial<typeof orders.$inferInsert> | Record<string, unknown>,
  extra?: ReturnType<typeof sql>,
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set(set as Partial<typeof orders.$inferInsert>)
    .where(and(eq(orders.id, row.id), eq(orders.status, row.status), extra))
    .returning();
  if (!updated) throw new Rejection('ORDER_CHANGED');
  return updated;
}

/**
 * Put the ordered quantities of stock-tracked, limited variants back, updating the variants
 * in id order as checkout does (a cancel and a checkout of the same products never deadlock).
 */
async function returnStock(tx: Tx, row: OrderRow): Promise<Record<string, number>> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const bySku = new Map<string, number>();
  for (const line of lines)
    if (tracksStock(line.productType)) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity);
  if (bySku.size === 0) return {};
  const targets = await tx
    .select({ id: variants.id, sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.websiteId, row.websiteId),
        inArray(variants.sku, [...bySku.keys()]),
        eq(variants.unlimited, false),
      ),
    )
    .orderBy(asc(variants.id));
  const returned: Record<string, number> = {};
  for (const target of targets) {
    const quantity = bySku.get(target.sku) ?? 0;
    const hit = await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} + ${quantity}` })
      .where(and(eq(variants.id, target.id), eq(variants.unlimited, false)))
      .returning({ id: variants.id });
    if (hit.length > 0) returned[target.sku] = quantity;
  }
  return returned;
}

export function captureOrder(ctx: OrderActionContext, orderId: string): Promise<Outcome<OwnerOrder>> {
  return moneyAction(
    ctx,
    orderId,
    (row) => {
      if (row.status !== 'PENDING') throw notAllowed('capture', row.status);
      return { kind: 'capture', amountCents: chargedCents(row), idempotencyKey: `${row.id}:capture` };
    },
    (tx, row) => finishCapture(tx, ctx.site, row),
  );
}

async function finishCapture(tx: Tx, site: SiteRecord, row: OrderRow): Promise<void> {
  const paid = await guardedUpdate(tx, row, { status: 'PAID', paidAt: new Date(), savedPaymentMethod: null });
  await appendOrderEvent(tx, row, 'paid', { capturedCents: chargedCents(row) });
  // Paid now: the lines that renew start their subscriptions with the card checkout kept, and
  // the member plans open their areas, as they do for an order paid at checkout.
  const lines = await tx
    .select({
      itemId: orderItems.itemId,
      sku: orderItems.sku,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      additionalFields: orderItems.additionalFields,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id));
  await startSubscriptionsOfOrder(tx, site, paid, lines, row.savedPaymentMethod ?? undefined);
  await grantMembershipsOfOrder(tx, site, paid, lines);
}

export function fulfillOrder(
  ctx: OrderActionContext,
  orderId: string,
  tracking: { trackingNumber?: string; carrier?: string },
): Promise<Outcome<OwnerOrder>> {
  return act(ctx, orderId, async (tx, row) => {
    if (row.status !== 'PAID') throw notAllowed('fulfill', row.status);
    // A parcel is tracked; a download or a service has nothing to track.
    const number = tracking.trackingNumber || null;
    if (row.shippingAddress !== null && number === null) {
      throw fieldRejection('TRACKING_REQUIRED', 'trackingNumber');
    }
    const carrier = number === null ? null : tracking.carrier || null;
    const fulfilledAt = new Date();
    const updated = await guardedUpdate(tx, row, {
      status: 'FULFILLED',
      fulfilledAt,
      trackingNumber: number,
      trackingCarrier: carrier,
    });
    await appendOrderEvent(tx, row, 'fulfilled', { trackingNumber: number, carrier });
    // The reviews request mail goes some days later (review-requests.ts), once per order.
    await recordFulfilment(tx, row, fulfilledAt);
    const view = await serializeOwnerOrder(tx, updated);
    const mail = shippedMail(
      ctx.site,
      view,
      number === null ? null : { number, carrier },
      orderStatusUrl(ctx.site, row),
    );
    await enqueueEmail(tx, { websiteId: ctx.site.id, kind: 'order-shipped', to: row.email, ...mail });
  });
}

export function cancelOrder(ctx: OrderActionContext, orderId: string): Promise<Outcome<OwnerOrder>> {
  return moneyAction(
    ctx,
    orderId,
    (row) => {
      if (row.status !== 'PENDING' && row.status !== 'PAID') throw notAllowed('cancel', row.status);
      // An authorisation is voided at the provider; captured money goes back to the card.
      const cardCents = row.status === 'PAID' ? chargedCents(row) - row.refundedCents : 0;
      const voids = row.status === 'PENDING' && chargedCents(row) > 0;
      return cardCents > 0 || voids
        ? { kind: 'cancel', amountCents: cardCents, idempotencyKey: `${row.id}:cancel` }
        : null;
    },
    (tx, row) => finishCancel(tx, ctx.site, row),
  );
}

async function finishCancel(tx: Tx, site: SiteRecord, row: OrderRow): Promise<void> {
  const cardCents = row.status === 'PAID' ? chargedCents(row) - row.refundedCents : 0;
  const updated = await guardedUpdate(tx, row, {
    status: 'CANCELED',
    canceledAt: new Date(),
    refundedCents: row.refundedCents + cardCents,
  });
  const stockReturned = await returnStock(tx, row);
  const giftCardCents = await creditGiftCards(tx, row.id);
  await revokeDownloads(tx, row.id);
  // Appointments the order paid for are cancelled with it (their time freed, the visitor told).
  await cancelBookingsOfOrder(tx, row);
  await appendOrderEvent(tx, row, 'canceled', { refundedCents: cardCents, giftCardCents, stockReturned });
  const view = await serializeOwnerOrder(tx, updated);
  const mail = canceledMail(site, view, { cardCents, giftCardCents }, orderStatusUrl(site, row));
  await enqueueEmail(tx, { websiteId: site.id, kind: 'order-canceled', to: row.email, ...mail });
}

export function refundOrder(
  ctx: OrderActionContext,
  orderId: string,
  amountCents: number | undefined,
): Promise<Outcome<OwnerOrder>> {
  return moneyAction(
    ctx,
    orderId,
    (row) => {
      if (row.status !== 'PAID' && row.status !== 'FULFILLED') throw notAllowed('refund', row.status);
      const remaining = chargedCents(row) - row.refundedCents;
      if (remaining <= 0) throw new Rejection('NOTHING_TO_REFUND');
      const amount = amountCents ?? remaining;
      if (amount > remaining) {
        throw fieldRejection('REFUND_TOO_LARGE', 'amountCents', {
          remaining: formatMoney(remaining, row.currency),
        });
      }
      const total = row.refundedCents + amount;
      return { kind: 'refund', amountCents: amount, idempotencyKey: `${row.id}:refund:${total}` };
    },
    (tx, row, step) => finishRefund(tx, ctx.site, row, step?.amountCents ?? 0),
  );
}

async function finishRefund(tx: Tx, site: SiteRecord, row: OrderRow, amount: number): Promise<void> {
  const total = row.refundedCents + amount;
  const full = total >= chargedCents(row);
  const updated = await guardedUpdate(
    tx,
    row,
    { refundedCents: total, ...(full ? { status: 'REFUNDED' as const } : {}) },
    sql`${orders.refundedCents} = ${row.refundedCents}`,
  );
  // A full refund also gives back what gift cards paid, and takes the downloads back.
  const giftCardCents = full ? await creditGiftCards(tx, row.id) : 0;
  if (full) await revokeDownloads(tx, row.id);
  // A full refund cancels the appointments the order paid for; a partial one keeps them.
  if (full) await cancelBookingsOfOrder(tx, row);
  await appendOrderEvent(tx, row, 'refunded', { amountCents: amount, refundedCents: total, giftCardCents });
  const view = await serializeOwnerOrder(tx, updated);
  const mail = refundedMail(site, view, amount, orderStatusUrl(site, row));
  await enqueueEmail(tx, { websiteId: site.id, kind: 'order-refunded', to: row.email, ...mail });
}

/** How the scheduler completes a claimed action whose request died after the provider call. */
export async function finishClaimed(
  db: Database,
  site: SiteRecord,
  claim: { kind: MoneyKind; amountCents: number; idempotencyKey: string },
  orderId: string,
): Promise<void> {
  await retryTransaction(db, async (tx) => {
    const row = await lockOrder(tx, site.id, orderId);
    // Whoever takes the claim finishes it; a request or another sweep may have been first.
    if (!(await takeClaim(tx, orderId, claim.idempotencyKey)) || !row) return;
    if (claim.kind === 'capture') await finishCapture(tx, site, row);
    else if (claim.kind === 'cancel') await finishCancel(tx, site, row);
    else await finishRefund(tx, site, row, claim.amountCents);
  });
}
