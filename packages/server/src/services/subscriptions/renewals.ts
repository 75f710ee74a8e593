import { randomBytes } from 'node:crypto';
import { type CurrencyCode, formatMoney, tracksStock } from '@store/commerce';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { theRow } from '../../db/rows';
import {
  orderItems,
  orders,
  products,
  subscriptionCycles,
  subscriptions,
  variants,
  websites,
} from '../../db/schema';
import { recordDonationRenewal } from '../donations/donation-terms';
import { enqueueEmail } from '../email/email-outbox';
import { syncMembershipsOfSubscription } from '../members/memberships';
import { serializeOrder } from '../order.service';
import { announcePlacedOrder } from '../orders/order-placed';
import { fixedPayments, type SitePayments, testPayments } from '../payments/default-provider';
import type { PaymentProvider, PaymentState } from '../payments/payment-provider';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { nextBillingAt } from './billing-dates';

/**
 * Dunning: after a renewal's charge fails, it is tried again this many days after each
 * failure (1, then 2 more, then 2 more: 1, 3 and 5 days after the first). When the last
 * retry fails too, the subscription ends.
 */
export const RETRY_DELAYS_DAYS = [1, 2, 2] as const;
/** A renewal waiting for stock is looked at again after this long. */
export const STOCK_WAIT_MS = 86_400_000;
/**
 * A cycle claimed this long ago and still charging lost its process (a crash): another
 * process takes it over and asks the provider again with the same key.
 */
export const STALE_CLAIM_SECONDS = 10 * 60;

const DAY_MS = 86_400_000;

/** The points between a renewal's steps; crash tests stop the process at one. */
export type RenewalPoint = 'claimed' | 'charged' | 'recorded';

export interface RenewalHost {
  database: { db: Database };
  payments: SitePayments;
  outboxKick?: () => void;
}

export interface RenewalOptions {
  /** How many subscriptions one run looks at (the next run takes the rest). */
  limit?: number;
  /** Seconds after which a claim still charging counts as abandoned (default STALE_CLAIM_SECONDS). */
  staleSeconds?: number;
  /** Only this site's subscriptions (tests on a shared database; an owner's "run now"). */
  websiteId?: string;
  /** Who claims (logged with the cycle); a random id per run by default. */
  instance?: string;
  reached?: (point: RenewalPoint, at: { subscriptionId: string; cycle: number }) => void;
}

export interface RenewalRun {
  looked: number;
  paid: number;
  failed: number;
  ended: number;
  waiting: number;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type CycleRow = typeof subscriptionCycles.$inferSelect;

/** The idempotency key of one charge attempt of one cycle. */
export const renewalKey = (subscriptionId: string, cycle: number, attempt: number) =>
  `renewal:${subscriptionId}:${cycle}:${attempt}`;

const amountOf = (sub: Pick<SubscriptionRow, 'unitPriceCents' | 'quantity'>) =>
  sub.unitPriceCents * sub.quantity;

function isHost(target: Database | RenewalHost): target is RenewalHost {
  return typeof (target as RenewalHost).payments?.named === 'function';
}

/**
 * Charge every subscription that is due at `now` (a renewal, or a dunning retry), each cycle
 * exactly once whatever the number of processes running this at the same moment:
 * 1. claim: one statement inserts the cycle's row (UNIQUE (subscription, cycle)) or takes over
 *    a failed one whose retry is due, or one abandoned mid-charge; it commits at once;
 * 2. take the stock of a physical product (guarded, never below zero); none → wait a day;
 * 3. charge the saved card off-session, outside any transaction, with a key per cycle and
 *    attempt: asking again with the same key answers the first result;
 * 4. record (one transaction): the renewal order, its receipt and events, the cycle paid,
 *    the next date; or the failure, a mail, and the next retry or the end.
 * Also ends the subscriptions cancelled at their period end once it has come.
 */
export async function runDueRenewals(
  target: Database | RenewalHost,
  now: Date = new Date(),
  options: RenewalOptions = {},
): Promise<RenewalRun> {
  const host: RenewalHost = isHost(target)
    ? target
    : { database: { db: target }, payments: fixedPayments(await testPayments(target)) };
  const db = host.database.db;
  const instance = options.instance ?? randomBytes(6).toString('hex');
  const run: RenewalRun = { looked: 0, paid: 0, failed: 0, ended: 0, waiting: 0 };
  run.ended += await endAtPeriodEnd(db, now, options.websiteId);
  const s = subscriptions;
  const due = await db
    .select()
    .from(s)
    .where(
      and(
        options.websiteId ? eq(s.websiteId, options.websiteId) : undefined,
        or(
          and(
            eq(s.status, 'active'),
            lte(s.nextBillingAt, now),
            or(isNull(s.nextRetryAt), lte(s.nextRetryAt, now)),
          ),
          and(eq(s.status, 'past_due'), lte(s.nextRetryAt, now)),
        ),
      ),
    )
    .orderBy(s.nextBillingAt)
    .limit(options.limit ?? 200);
  const sites = new Map<string, SiteRecord | undefined>();
  for (const sub of due) {
    run.looked++;
    if (!sites.has(sub.websiteId)) {
      const [site] = await db.select().from(websites).where(eq(websites.id, sub.websiteId));
      sites.set(sub.websiteId, site);
    }
    const site = sites.get(sub.websiteId);
    if (!site) continue;
    const result = await renewOne(host, site, sub, now, instance, options);
    if (result) run[result]++;
  }
  if (run.paid + run.failed + run.ended > 0) host.outboxKick?.();
  return run;
}

/** Subscriptions cancelled at their period end whose period is over: they end now. */
async function endAtPeriodEnd(db: Database, now: Date, websiteId?: string): Promise<number> {
  const s = subscriptions;
  const over = await db
    .select({ id: s.id, websiteId: s.websiteId, kind: s.kind })
    .from(s)
    .where(
      and(
        websiteId ? eq(s.websiteId, websiteId) : undefined,
        or(eq(s.status, 'cancelled'), and(eq(s.status, 'active'), eq(s.cancelAtPeriodEnd, true))),
        lte(s.nextBillingAt, now),
      ),
    )
    .limit(200);
  let ended = 0;
  for (const sub of over) {
    await retryTransaction(db, async (tx) => {
      const moved = await tx
        .update(s)
        .set({ status: 'ended', endedAt: now, nextBillingAt: null, nextRetryAt: null, updatedAt: now })
        .where(
          and(
            eq(s.id, sub.id),
            or(eq(s.status, 'cancelled'), and(eq(s.status, 'active'), eq(s.cancelAtPeriodEnd, true))),
            lte(s.nextBillingAt, now),
          ),
        )
        .returning({ id: s.id });
      if (moved.length === 0) return;
      ended++;
      if (sub.kind === 'plan')
        await syncMembershipsOfSubscription(tx, sub.websiteId, sub.id, { status: 'ended', endsAt: now });
    });
  }
  return ended;
}

/**
 * Claim the next cycle of `sub` in one statement: a new row, or a failed one whose retry is
 * due (next attempt), or one abandoned while charging or waiting for stock (same attempt:
 * its key may have reached the provider). `seenAttempts` is what this process read: a row
 * another process moved meanwhile is not taken. Answers the claimed row, or nothing.
 */
async function claimCycle(
  db: Database,
  sub: SubscriptionRow,
  cycle: number,
  seenAttempts: number,
  now: Date,
  instance: string,
  staleSeconds: number,
): Promise<CycleRow | undefined> {
  const c = subscriptionCycles;
  const dueAt = sub.nextBillingAt ?? now;
  const result = await db.execute(sql`
    insert into ${c} (website_id, subscription_id, cycle, due_at, state, attempts, amount_cents, claimed_by, claimed_at)
    select ${sub.websiteId}, ${sub.id}, ${cycle}, ${dueAt}, 'charging', 1, ${amountOf(sub)}, ${instance}, clock_timestamp()
    from ${subscriptions} s
    where s.id = ${sub.id} and s.cycles_done + 1 = ${cycle}
      and (
        (s.status = 'active' and s.next_billing_at <= ${now} and (s.next_retry_at is null or s.next_retry_at <= ${now}))
        or (s.status = 'past_due' and s.next_retry_at <= ${now})
      )
    on conflict (subscription_id, cycle) do update set
      state = 'charging',
      attempts = case when ${c}.state = 'failed' then ${c}.attempts + 1 else ${c}.attempts end,
      amount_cents = case when ${c}.state = 'failed' then excluded.amount_cents else ${c}.amount_cents end,
      claimed_by = excluded.claimed_by,
      claimed_at = clock_timestamp(),
      updated_at = clock_timestamp()
    where ${c}.attempts = ${seenAttempts}
      and (
        ${c}.state in ('failed', 'claimed')
        or (${c}.state = 'charging' and ${c}.claimed_at < clock_timestamp() - make_interval(secs => ${staleSeconds}))
      )
    returning id
  `);
  const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(c).where(eq(c.id, id));
  return row;
}

async function renewOne(
  host: RenewalHost,
  site: SiteRecord,
  sub: SubscriptionRow,
  now: Date,
  instance: string,
  options: RenewalOptions,
): Promise<keyof RenewalRun | undefined> {
  const db = host.database.db;
  const cycle = sub.cyclesDone + 1;
  const at = { subscriptionId: sub.id, cycle };
  // A fixed term already complete (its last renewal recorded): nothing more to charge.
  if (sub.numBillingCycles > 0 && sub.cyclesDone >= sub.numBillingCycles) {
    await db
      .update(subscriptions)
      .set({ status: 'ended', endedAt: now, nextBillingAt: null, nextRetryAt: null, updatedAt: now })
      .where(and(eq(subscriptions.id, sub.id), inArray(subscriptions.status, ['active', 'past_due'])));
    return 'ended';
  }
  const [seen] = await db
    .select({ attempts: subscriptionCycles.attempts })
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.subscriptionId, sub.id), eq(subscriptionCycles.cycle, cycle)));
  const claimed = await claimCycle(
    db,
    sub,
    cycle,
    seen?.attempts ?? 0,
    now,
    instance,
    options.staleSeconds ?? STALE_CLAIM_SECONDS,
  );
  if (!claimed) return undefined;
  options.reached?.('claimed', at);

  if (!claimed.stockTaken) {
    const stock = await takeStock(db, sub, claimed);
    if (stock === 'out') {
      await waitForStock(db, sub, claimed, now);
      return 'waiting';
    }
  }

  const amount = claimed.amountCents;
  let answer: PaymentState;
  if (amount === 0) answer = { state: 'captured', reference: 'free' };
  else {
    const provider = await host.payments.named(site, sub.paymentProvider);
    answer = await chargeCycle(provider, sub, claimed, amount);
  }
  options.reached?.('charged', at);

  switch (answer.state) {
    case 'captured':
    case 'authorised': {
      const recorded = await recordPaid(db, site, sub, claimed, answer.reference, now);
      options.reached?.('recorded', at);
      return recorded ? 'paid' : undefined;
    }
    case 'failed':
    case 'canceled': {
      const message = answer.state === 'failed' ? answer.message : 'The payment was canceled.';
      const outcome = await recordFailed(db, site, sub, claimed, message, now);
      options.reached?.('recorded', at);
      return outcome;
    }
    default:
      // Undecided (network, processing): the claim stays; after STALE_CLAIM_SECONDS another
      // run asks again with the same key, which answers this very charge.
      return undefined;
  }
}

async function chargeCycle(
  provider: PaymentProvider | undefined,
  sub: SubscriptionRow,
  cycle: CycleRow,
  amountCents: number,
): Promise<PaymentState> {
  if (!provider?.chargeSaved)
    return { state: 'failed', message: 'This store’s payment provider cannot charge a kept card.' };
  if (!sub.paymentMethodRef) return { state: 'failed', message: 'No card is kept for this subscription.' };
  try {
    return await provider.chargeSaved({
      customerRef: sub.paymentCustomerRef,
      methodRef: sub.paymentMethodRef,
      amountCents,
      currency: sub.currency,
      idempotencyKey: renewalKey(sub.id, cycle.cycle, cycle.attempts),
      metadata: {
        website_id: sub.websiteId,
        subscription_id: sub.id,
        cycle: String(cycle.cycle),
      },
      description: `${sub.productName} (renewal ${cycle.cycle})`,
    });
  } catch (error) {
    // An adapter should answer 'unknown' itself; if it threw, the charge may or may not exist.
    return { state: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The variant a physical subscription ships, when its stock is counted. */
async function countedVariant(db: Database | Tx, sub: SubscriptionRow) {
  const [row] = await db
    .select({ id: variants.id, unlimited: variants.unlimited, productType: products.productType })
    .from(variants)
    .innerJoin(products, eq(products.itemId, variants.itemId))
    .where(
      and(eq(variants.websiteId, sub.websiteId), eq(variants.itemId, sub.itemId), eq(variants.sku, sub.sku)),
    );
  if (!row || row.unlimited || !tracksStock(row.productType)) return undefined;
  return row;
}

/** Take the renewal's stock before charging (guarded UPDATE: never below zero). */
async function takeStock(
  db: Database,
  sub: SubscriptionRow,
  cycle: CycleRow,
): Promise<'taken' | 'none' | 'out'> {
  const variant = await countedVariant(db, sub);
  if (!variant) return 'none';
  return retryTransaction(db, async (tx) => {
    const marked = await tx
      .update(subscriptionCycles)
      .set({ stockTaken: true })
      .where(and(eq(subscriptionCycles.id, cycle.id), eq(subscriptionCycles.stockTaken, false)))
      .returning({ id: subscriptionCycles.id });
    if (marked.length === 0) return 'taken' as const;
    const taken = await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} - ${sub.quantity}` })
      .where(and(eq(variants.id, variant.id), gte(variants.qtyInStock, sub.quantity)))
      .returning({ id: variants.id });
    if (taken.length > 0) return 'taken' as const;
    await tx.update(subscriptionCycles).set({ stockTaken: false }).where(eq(subscriptionCycles.id, cycle.id));
    return 'out' as const;
  });
}

async function giveStockBack(tx: Tx, sub: SubscriptionRow, cycleId: string): Promise<void> {
  const back = await tx
    .update(subscriptionCycles)
    .set({ stockTaken: false })
    .where(and(eq(subscriptionCycles.id, cycleId), eq(subscriptionCycles.stockTaken, true)))
    .returning({ id: subscriptionCycles.id });
  if (back.length === 0) return;
  const variant = await countedVariant(tx, sub);
  if (variant)
    await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} + ${sub.quantity}` })
      .where(eq(variants.id, variant.id));
}

/**
 * Out of stock: nothing is charged; the cycle waits (state 'claimed') and the subscription is
 * looked at again in a day, with the reason for the owner. It stays active: the customer did
 * nothing wrong, and a renewal is never shipped from stock that is not there.
 */
async function waitForStock(db: Database, sub: SubscriptionRow, cycle: CycleRow, now: Date): Promise<void> {
  await retryTransaction(db, async (tx) => {
    await tx
      .update(subscriptionCycles)
      .set({ state: 'claimed', lastError: 'out of stock', updatedAt: now })
      .where(and(eq(subscriptionCycles.id, cycle.id), eq(subscriptionCycles.state, 'charging')));
    await tx
      .update(subscriptions)
      .set({
        nextRetryAt: new Date(now.getTime() + STOCK_WAIT_MS),
        lastError: 'The renewal waits for stock.',
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
  });
}

/**
 * The charge succeeded: in one transaction, the renewal order (same line, price and address),
 * its timeline, webhooks, receipt and the owners' notice as any new order gets, the cycle paid,
 * the count and next date moved on, and the end of a fixed term. Guarded by the claim: a cycle
 * another process recorded already is left alone (answers false).
 */
async function recordPaid(
  db: Database,
  site: SiteRecord,
  sub: SubscriptionRow,
  cycle: CycleRow,
  reference: string,
  now: Date,
): Promise<boolean> {
  return retryTransaction(db, async (tx) => {
    const mine = await tx
      .update(subscriptionCycles)
      .set({ state: 'paid', paymentReference: reference, lastError: null, updatedAt: now })
      .where(
        and(
          eq(subscriptionCycles.id, cycle.id),
          eq(subscriptionCycles.state, 'charging'),
          eq(subscriptionCycles.attempts, cycle.attempts),
        ),
      )
      .returning({ id: subscriptionCycles.id });
    if (mine.length === 0) return false;
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
    if (!current) return false;
    const line = await lineOf(tx, current);
    const total = cycle.amountCents;
    const row = theRow(
      await tx
        .insert(orders)
        .values({
          websiteId: current.websiteId,
          purchasedCartId: `renewal:${cycle.id}`,
          accessToken: randomBytes(18).toString('base64url'),
          siteUserId: current.siteUserId,
          email: current.email,
          testMode: current.testMode,
          status: 'PAID',
          paidAt: now,
          currency: current.currency,
          subtotalCents: total,
          taxCents: 0,
          includedTaxCents: 0,
          shippingCents: 0,
          discountCents: 0,
          grandTotalCents: total,
          giftCardCents: 0,
          shippingAddress: current.shippingAddress ?? null,
          shippingOptionName: null,
          paymentProvider: current.paymentProvider,
          paymentReference: reference,
          couponCode: null,
        })
        .returning(),
      'insert into orders',
    );
    await tx.insert(orderItems).values({
      websiteId: current.websiteId,
      orderId: row.id,
      itemId: current.itemId,
      sku: current.sku,
      productName: current.productName,
      variantDescription: line.variantDescription,
      productType: line.productType,
      quantity: current.quantity,
      unitPriceCents: current.unitPriceCents,
      additionalFields: line.additionalFields,
      giftRecipient: null,
    });
    await tx.update(subscriptionCycles).set({ orderId: row.id }).where(eq(subscriptionCycles.id, cycle.id));
    const cyclesDone = Math.max(current.cyclesDone, cycle.cycle);
    const next = nextBillingAt({ ...current, cyclesDone }, site.timeZone);
    await tx
      .update(subscriptions)
      .set({
        cyclesDone,
        nextBillingAt: next,
        // A fixed term's last cycle ends it; otherwise it renews (a past-due one recovers).
        status: next === null ? 'ended' : current.status === 'past_due' ? 'active' : current.status,
        ...(next === null ? { endedAt: now } : {}),
        failedAttempts: 0,
        nextRetryAt: null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id));
    const order = await serializeOrder(tx, row);
    await announcePlacedOrder(tx, site, row, order);
    if (current.kind === 'plan')
      await syncMembershipsOfSubscription(
        tx,
        current.websiteId,
        current.id,
        next === null ? { status: 'ended', endsAt: now } : { status: 'active', endsAt: null },
      );
    if (current.kind === 'donation')
      await recordDonationRenewal(tx, {
        websiteId: current.websiteId,
        subscriptionId: current.id,
        orderId: row.id,
      });
    return true;
  });
}

/** The line as the first order had it (variant words, product type, form answers). */
async function lineOf(tx: Tx, sub: SubscriptionRow) {
  if (sub.firstOrderId) {
    const [first] = await tx
      .select({
        variantDescription: orderItems.variantDescription,
        productType: orderItems.productType,
        additionalFields: orderItems.additionalFields,
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, sub.firstOrderId),
          eq(orderItems.itemId, sub.itemId),
          eq(orderItems.sku, sub.sku),
        ),
      )
      .limit(1);
    if (first) return first;
  }
  const [product] = await tx
    .select({ productType: products.productType })
    .from(products)
    .where(eq(products.itemId, sub.itemId));
  return { variantDescription: '', productType: product?.productType ?? 2, additionalFields: null };
}

/**
 * The charge failed: the cycle is failed (its stock given back), the subscription past due with
 * its next retry, and the customer asked to update their card. After the last retry the
 * subscription ends, with a mail saying so.
 */
async function recordFailed(
  db: Database,
  site: SiteRecord,
  sub: SubscriptionRow,
  cycle: CycleRow,
  message: string,
  now: Date,
): Promise<'failed' | 'ended' | undefined> {
  return retryTransaction(db, async (tx) => {
    const mine = await tx
      .update(subscriptionCycles)
      .set({ state: 'failed', lastError: message, updatedAt: now })
      .where(
        and(
          eq(subscriptionCycles.id, cycle.id),
          eq(subscriptionCycles.state, 'charging'),
          eq(subscriptionCycles.attempts, cycle.attempts),
        ),
      )
      .returning({ id: subscriptionCycles.id });
    if (mine.length === 0) return undefined;
    await giveStockBack(tx, sub, cycle.id);
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for('update');
    if (!current) return undefined;
    const failures = current.failedAttempts + 1;
    const delay = RETRY_DELAYS_DAYS[failures - 1];
    const amount = formatMoney(cycle.amountCents, current.currency as CurrencyCode);
    if (delay === undefined) {
      await tx
        .update(subscriptions)
        .set({
          status: 'ended',
          endedAt: now,
          nextBillingAt: null,
          nextRetryAt: null,
          failedAttempts: failures,
          lastError: message,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, current.id));
      if (current.kind === 'plan')
        await syncMembershipsOfSubscription(tx, current.websiteId, current.id, {
          status: 'ended',
          endsAt: now,
        });
      await enqueueEmail(tx, {
        websiteId: site.id,
        kind: 'subscription-cancelled',
        to: current.email,
        subject: `Your subscription to ${current.productName} has ended`,
        text: [
          `We could not charge ${amount} for ${current.productName} after several tries, so the subscription has ended.`,
          '',
          `You can subscribe again at any time: ${siteBaseUrl(site)}`,
          '',
          site.siteTitle,
        ].join('\n'),
      });
      return 'ended' as const;
    }
    const retryAt = new Date(now.getTime() + delay * DAY_MS);
    await tx
      .update(subscriptions)
      .set({
        status: 'past_due',
        failedAttempts: failures,
        nextRetryAt: retryAt,
        lastError: message,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id));
    const accountUrl = `${siteBaseUrl(site)}/account`;
    await enqueueEmail(tx, {
      websiteId: site.id,
      kind: 'subscription-payment-failed',
      to: current.email,
      subject: `We could not renew your subscription to ${current.productName}`,
      text: [
        `The payment of ${amount} for ${current.productName} did not go through: ${message}`,
        '',
        `We will try again on ${retryAt.toLocaleDateString('en-US', { timeZone: site.timeZone, dateStyle: 'long' })}.`,
        `To use another card, update it in your account: ${accountUrl}`,
        '',
        site.siteTitle,
      ].join('\n'),
    });
    return 'failed' as const;
  });
}
