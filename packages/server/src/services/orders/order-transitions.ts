import { fillMessage, formatMoney, tracksStock } from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { OrderStatus } from '../../db/schema/commerce';
import { orderItems, orders, variants } from '../../db/schema/index';
import { ApiError } from '../../errors';
import { enqueueEmail } from '../email/email-outbox';
import { creditGiftCards } from '../gift-cards/gift-card-checkout';
import type { OrderRow } from '../order.service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { SiteRecord } from '../site.service';
import { orderStatusUrl } from './order-links';
import { canceledMail, refundedMail, shippedMail } from './order-mail';
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
  payments: PaymentProvider;
}

type Action = 'capture' | 'fulfill' | 'cancel' | 'refund';

function notAllowed(action: Action, status: OrderStatus): ApiError {
  return new ApiError(
    'ORDER_STATE_CONFLICT',
    fillMessage(ORDER_MESSAGES[action], { status: statusWord(status) }),
  );
}

/**
 * One owner action = one transaction: read the order, check the move is legal, then an
 * UPDATE guarded by the state that was read (`WHERE status = <read>`): of two concurrent
 * actions the second finds the row changed and gets a 409, so stock, refunds and mail happen
 * once. A provider refusal or any failure rolls everything back, queued mail included.
 */
async function act(
  ctx: OrderActionContext,
  orderId: string,
  work: (tx: Tx, row: OrderRow) => Promise<void>,
): Promise<OwnerOrder> {
  return ctx.db.transaction(async (tx) => {
    const row = await findOrderRow(tx, ctx.site.id, orderId);
    if (!row) throw new ApiError('NOT_FOUND', ORDER_MESSAGES.notFound);
    await work(tx, row);
    const updated = await findOrderRow(tx, ctx.site.id, orderId);
    if (!updated) throw new Error('order vanished inside its transaction');
    return serializeOwnerOrder(tx, updated);
  });
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
  if (!updated) throw new ApiError('ORDER_STATE_CONFLICT', ORDER_MESSAGES.changedMeanwhile);
  return updated;
}

async function paymentStep(result: Promise<{ ok: true } | { ok: false; message: string }>): Promise<void> {
  const answer = await result;
  if (!answer.ok) throw new ApiError('PAYMENT_FAILED', answer.message);
}

/** Put the ordered quantities of stock-tracked, limited variants back. */
async function returnStock(tx: Tx, row: OrderRow): Promise<Record<string, number>> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const bySku = new Map<string, number>();
  for (const line of lines)
    if (tracksStock(line.productType)) bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + line.quantity);
  const returned: Record<string, number> = {};
  for (const [sku, quantity] of bySku) {
    const hit = await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} + ${quantity}` })
      .where(and(eq(variants.websiteId, row.websiteId), eq(variants.sku, sku), eq(variants.unlimited, false)))
      .returning({ id: variants.id });
    if (hit.length > 0) returned[sku] = quantity;
  }
  return returned;
}

export function captureOrder(ctx: OrderActionContext, orderId: string): Promise<OwnerOrder> {
  return act(ctx, orderId, async (tx, row) => {
    if (row.status !== 'PENDING') throw notAllowed('capture', row.status);
    await guardedUpdate(tx, row, { status: 'PAID', paidAt: new Date() });
    await paymentStep(ctx.payments.capture(row.paymentReference, chargedCents(row)));
    await appendOrderEvent(tx, row, 'paid', { capturedCents: chargedCents(row) });
  });
}

export function fulfillOrder(
  ctx: OrderActionContext,
  orderId: string,
  tracking: { trackingNumber?: string; carrier?: string },
): Promise<OwnerOrder> {
  return act(ctx, orderId, async (tx, row) => {
    if (row.status !== 'PAID') throw notAllowed('fulfill', row.status);
    // A parcel is tracked; a download or a service has nothing to track.
    const number = tracking.trackingNumber || null;
    if (row.shippingAddress !== null && number === null) {
      throw new ApiError('VALIDATION_FAILED', ORDER_MESSAGES.trackingRequired, {
        errors: { trackingNumber: ORDER_MESSAGES.trackingRequired },
      });
    }
    const carrier = number === null ? null : tracking.carrier || null;
    const updated = await guardedUpdate(tx, row, {
      status: 'FULFILLED',
      fulfilledAt: new Date(),
      trackingNumber: number,
      trackingCarrier: carrier,
    });
    await appendOrderEvent(tx, row, 'fulfilled', { trackingNumber: number, carrier });
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

export function cancelOrder(ctx: OrderActionContext, orderId: string): Promise<OwnerOrder> {
  return act(ctx, orderId, async (tx, row) => {
    if (row.status !== 'PENDING' && row.status !== 'PAID') throw notAllowed('cancel', row.status);
    // Only captured money goes back to the card; an authorisation is simply never captured.
    const cardCents = row.status === 'PAID' ? chargedCents(row) - row.refundedCents : 0;
    const updated = await guardedUpdate(tx, row, {
      status: 'CANCELED',
      canceledAt: new Date(),
      refundedCents: row.refundedCents + cardCents,
    });
    const stockReturned = await returnStock(tx, row);
    const giftCardCents = await creditGiftCards(tx, row.id);
    if (cardCents > 0)
      await paymentStep(ctx.payments.refund(row.paymentReference, cardCents, `${row.id}:cancel`));
    await appendOrderEvent(tx, row, 'canceled', { refundedCents: cardCents, giftCardCents, stockReturned });
    const view = await serializeOwnerOrder(tx, updated);
    const mail = canceledMail(ctx.site, view, { cardCents, giftCardCents }, orderStatusUrl(ctx.site, row));
    await enqueueEmail(tx, { websiteId: ctx.site.id, kind: 'order-canceled', to: row.email, ...mail });
  });
}

export function refundOrder(
  ctx: OrderActionContext,
  orderId: string,
  amountCents: number | undefined,
): Promise<OwnerOrder> {
  return act(ctx, orderId, async (tx, row) => {
    if (row.status !== 'PAID' && row.status !== 'FULFILLED') throw notAllowed('refund', row.status);
    const charged = chargedCents(row);
    const remaining = charged - row.refundedCents;
    if (remaining <= 0) throw new ApiError('ORDER_STATE_CONFLICT', ORDER_MESSAGES.nothingToRefund);
    const amount = amountCents ?? remaining;
    if (amount > remaining) {
      const message = fillMessage(ORDER_MESSAGES.refundTooLarge, {
        remaining: formatMoney(remaining, row.currency),
      });
      throw new ApiError('VALIDATION_FAILED', message, { errors: { amountCents: message } });
    }
    const total = row.refundedCents + amount;
    const full = total >= charged;
    // Guarded by the refunded total read too: two refunds at once cannot both pass the bound.
    const updated = await guardedUpdate(
      tx,
      row,
      { refundedCents: total, ...(full ? { status: 'REFUNDED' as const } : {}) },
      sql`${orders.refundedCents} = ${row.refundedCents}`,
    );
    // A full refund also gives back what gift cards paid.
    const giftCardCents = full ? await creditGiftCards(tx, row.id) : 0;
    await paymentStep(ctx.payments.refund(row.paymentReference, amount, `${row.id}:refund:${total}`));
    await appendOrderEvent(tx, row, 'refunded', { amountCents: amount, refundedCents: total, giftCardCents });
    const view = await serializeOwnerOrder(tx, updated);
    const mail = refundedMail(ctx.site, view, amount, orderStatusUrl(ctx.site, row));
    await enqueueEmail(tx, { websiteId: ctx.site.id, kind: 'order-refunded', to: row.email, ...mail });
  });
}
