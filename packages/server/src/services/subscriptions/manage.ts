import { addressRegionErrors, type CurrencyCode, formatMoney, subscriptionPriceText } from '@store/commerce';
import { and, asc, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import {
  orders,
  type SubscriptionActor,
  type SubscriptionStatus,
  subscriptionCycles,
  subscriptionEvents,
  subscriptions,
} from '../../db/schema';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { syncMembershipsOfSubscription } from '../members/memberships';
import { billingInstant } from './billing-dates';

/**
 * What a customer (their account page) and the owner (the studio) do with a subscription once
 * it runs: pause, resume, cancel now or at the period end, change the shipping address or the
 * card, and read the charges to come. Every change is one transaction that also writes the
 * subscription's event, and for a member plan moves its memberships with it
 * (syncMembershipsOfSubscription). The renewals engine (renewals.ts) charges what this leaves
 * due: a paused or cancelled subscription has no next billing date, so it is never picked.
 */

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Who acts, on which site; a customer only ever reaches their own subscriptions. */
export interface ManageScope {
  db: Database;
  websiteId: string;
  /** The site's time zone: billing dates keep the anchor's wall-clock time there. */
  timeZone: string;
  actor: SubscriptionActor;
  /** Set for a customer: the signed-in site user; another's subscription is "not found". */
  siteUserId?: string;
  /** Tests hold the clock; the server's otherwise. */
  now?: Date;
}

/** How soon a past-due subscription is charged again after its card was changed. */
export const RETRY_AFTER_CARD_CHANGE_MS = 60_000;
/** The most upcoming charges one request lists. */
export const MAX_UPCOMING = 24;

const nowOf = (scope: ManageScope) => scope.now ?? new Date();
const ms = (d: Date | null) => d?.getTime() ?? null;

export function amountOf(row: Pick<SubscriptionRow, 'unitPriceCents' | 'quantity'>): number {
  return row.unitPriceCents * row.quantity;
}

/** "$12.00 every month", "$5.00 every 2 weeks for 1 year" (@store/commerce's wording). */
export function priceTextOf(
  row: Pick<
    SubscriptionRow,
    'unitPriceCents' | 'quantity' | 'currency' | 'periodUnit' | 'periodValue' | 'numBillingCycles'
  >,
): string {
  return subscriptionPriceText(formatMoney(amountOf(row), row.currency as CurrencyCode), {
    billingPeriod: { unit: row.periodUnit, value: row.periodValue },
    numBillingCycles: row.numBillingCycles,
  });
}

/** The subscription as both its customer and the owner read it. */
export function serializeSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    email: row.email,
    productName: row.productName,
    itemId: row.itemId,
    sku: row.sku,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    amountCents: amountOf(row),
    currency: row.currency,
    priceText: priceTextOf(row),
    periodUnit: row.periodUnit,
    periodValue: row.periodValue,
    numBillingCycles: row.numBillingCycles,
    cyclesDone: row.cyclesDone,
    nextBillingAt: ms(row.nextBillingAt),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    /** When access and billing stop (cancelled at period end: the period's end; ended: when it did). */
    endsAt: ms(row.endedAt),
    pausedAt: ms(row.pausedAt),
    cancelledAt: ms(row.cancelledAt),
    paymentMethodLabel: row.paymentMethodLabel,
    shippingAddress: row.shippingAddress ?? null,
    failedAttempts: row.failedAttempts,
    nextRetryAt: ms(row.nextRetryAt),
    firstOrderId: row.firstOrderId,
    testMode: row.testMode,
    createdOn: row.createdAt.getTime(),
  };
}
export type SubscriptionView = ReturnType<typeof serializeSubscription>;

function scopeWhere(scope: ManageScope, id: string) {
  const own = and(eq(subscriptions.websiteId, scope.websiteId), eq(subscriptions.id, id));
  return scope.siteUserId === undefined ? own : and(own, eq(subscriptions.siteUserId, scope.siteUserId));
}

async function lockSubscription(tx: Tx, scope: ManageScope, id: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(scopeWhere(scope, id)).for('update');
  if (!row) throw new Rejection('SUBSCRIPTION_NOT_FOUND');
  return row;
}

async function readSubscription(scope: ManageScope, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await scope.db.select().from(subscriptions).where(scopeWhere(scope, id));
  return row;
}

/** Append one entry to the subscription's history, in the caller's transaction. */
export async function appendSubscriptionEvent(
  tx: Tx | Database,
  row: Pick<SubscriptionRow, 'id' | 'websiteId'>,
  kind: string,
  actor: SubscriptionActor,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    websiteId: row.websiteId,
    subscriptionId: row.id,
    kind,
    actor,
    detail,
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * One change under the subscription's row lock: `change` answers the new column values and the
 * event (null = nothing to change: the request is answered with the subscription as it is,
 * so a repeated click is harmless).
 */
async function change(
  scope: ManageScope,
  id: string,
  decide: (
    row: SubscriptionRow,
    now: Date,
  ) => {
    set: Partial<typeof subscriptions.$inferInsert>;
    event: string;
    detail?: Record<string, unknown>;
  } | null,
  after?: (tx: Tx, row: SubscriptionRow, now: Date) => Promise<void>,
): Promise<Outcome<SubscriptionView>> {
  return asOutcome(() =>
    retryTransaction(scope.db, async (tx) => {
      const row = await lockSubscription(tx, scope, id);
      const now = nowOf(scope);
      const decided = decide(row, now);
      if (!decided) return serializeSubscription(row);
      const [updated] = await tx
        .update(subscriptions)
        .set({ ...decided.set, updatedAt: now })
        .where(eq(subscriptions.id, row.id))
        .returning();
      if (!updated) throw new Rejection('SUBSCRIPTION_NOT_FOUND');
      await appendSubscriptionEvent(tx, row, decided.event, scope.actor, decided.detail ?? {});
      if (after) await after(tx, updated, now);
      return serializeSubscription(updated);
    }),
  );
}

const period = (row: Pick<SubscriptionRow, 'periodUnit' | 'periodValue'>) => ({
  unit: row.periodUnit,
  value: row.periodValue,
});

/** Stop billing until resumed; a member plan's areas are closed meanwhile. Only an active one pauses. */
export function pauseSubscription(scope: ManageScope, id: string): Promise<Outcome<SubscriptionView>> {
  return change(
    scope,
    id,
    (row, now) => {
      if (row.status === 'paused') return null;
      if (row.status !== 'active' || row.cancelAtPeriodEnd)
        throw new Rejection('SUBSCRIPTION_NOT_PAUSABLE', { status: row.status });
      return {
        set: { status: 'paused', pausedAt: now, nextBillingAt: null, nextRetryAt: null },
        event: 'paused',
        detail: { nextBillingAt: ms(row.nextBillingAt) },
      };
    },
    async (tx, row, now) => {
      if (row.kind === 'plan')
        await syncMembershipsOfSubscription(tx, row.websiteId, row.id, { status: 'cancelled', endsAt: now });
    },
  );
}

/**
 * The first billing date after `now` on the subscription's own calendar (its anchor's day and
 * wall-clock time in the site's time zone), as the billing offset from the anchor.
 */
function nextOffsetAfter(row: SubscriptionRow, now: Date, timeZone: string): number {
  let n = Math.max(row.cyclesDone, 0);
  // Jump close first (a paused weekly subscription may be years behind), then step.
  const step =
    billingInstant(row.anchorAt, period(row), 1, timeZone, row.anchorDay).getTime() - row.anchorAt.getTime();
  if (step > 0) {
    const behind = Math.floor((now.getTime() - row.anchorAt.getTime()) / step) - 2;
    if (behind > n) n = behind;
  }
  while (billingInstant(row.anchorAt, period(row), n, timeZone, row.anchorDay) <= now) n += 1;
  return n;
}

/**
 * Billing again: a paused subscription renews on the next date of its calendar after now (the
 * periods it was paused are not charged; the anchor moves by them, so cycle `cyclesDone + 1`
 * falls due on that date); one cancelled at period end that has not ended yet renews as if
 * never cancelled. A member plan's areas open again.
 */
export function resumeSubscription(scope: ManageScope, id: string): Promise<Outcome<SubscriptionView>> {
  return change(
    scope,
    id,
    (row, now) => {
      if (row.status === 'active' && !row.cancelAtPeriodEnd) return null;
      if (row.status === 'cancelled' && row.cancelAtPeriodEnd && row.endedAt && row.endedAt > now) {
        return {
          set: {
            status: 'active',
            cancelAtPeriodEnd: false,
            cancelledAt: null,
            nextBillingAt: row.endedAt,
            endedAt: null,
          },
          event: 'resumed',
          detail: { nextBillingAt: row.endedAt.getTime(), undoes: 'cancel_at_period_end' },
        };
      }
      if (row.status !== 'paused') throw new Rejection('SUBSCRIPTION_NOT_PAUSED', { status: row.status });
      const offset = nextOffsetAfter(row, now, scope.timeZone);
      const skipped = offset - row.cyclesDone;
      const anchorAt = billingInstant(row.anchorAt, period(row), skipped, scope.timeZone, row.anchorDay);
      const next = billingInstant(row.anchorAt, period(row), offset, scope.timeZone, row.anchorDay);
      return {
        set: {
          status: 'active',
          pausedAt: null,
          anchorAt,
          nextBillingAt: next,
          failedAttempts: 0,
          nextRetryAt: null,
        },
        event: 'resumed',
        detail: { nextBillingAt: next.getTime(), periodsSkipped: skipped },
      };
    },
    async (tx, row) => {
      if (row.kind === 'plan')
        await syncMembershipsOfSubscription(tx, row.websiteId, row.id, { status: 'active', endsAt: null });
    },
  );
}

export type CancelWhen = 'now' | 'period_end';

/**
 * Cancel now (billing and access stop at once) or at the end of the period paid for (no more
 * charges; a member plan's areas stay open until then, ends_at). A paused or past-due
 * subscription has no paid period ahead: it ends now either way.
 */
export function cancelSubscription(
  scope: ManageScope,
  id: string,
  when: CancelWhen,
): Promise<Outcome<SubscriptionView>> {
  return change(
    scope,
    id,
    (row, now) => {
      if (row.status === 'ended') throw new Rejection('SUBSCRIPTION_ENDED');
      const atPeriodEnd =
        when === 'period_end' &&
        row.status === 'active' &&
        row.nextBillingAt !== null &&
        row.nextBillingAt > now;
      if (row.status === 'cancelled') {
        // Already ending at the period end: "now" brings the end forward; the same request again is a no-op.
        if (!row.cancelAtPeriodEnd || atPeriodEnd || when === 'period_end') return null;
      }
      const endsAt = atPeriodEnd ? (row.nextBillingAt as Date) : now;
      return {
        set: {
          status: 'cancelled',
          cancelAtPeriodEnd: atPeriodEnd,
          cancelledAt: now,
          endedAt: endsAt,
          // Kept at the period end: the renewals engine ends the subscription then (never charges
          // a cancelled one); cancelled now, there is no date left.
          nextBillingAt: atPeriodEnd ? endsAt : null,
          nextRetryAt: null,
          pausedAt: null,
        },
        event: atPeriodEnd ? 'cancelled_at_period_end' : 'cancelled',
        detail: { endsAt: endsAt.getTime() },
      };
    },
    async (tx, row, now) => {
      if (row.kind !== 'plan') return;
      const endsAt = row.endedAt ?? now;
      await syncMembershipsOfSubscription(tx, row.websiteId, row.id, {
        status: endsAt > now ? 'cancelled' : 'ended',
        endsAt,
      });
    },
  );
}

/** Where the next deliveries go: the checkout's address rules (@store/commerce). */
export function changeShippingAddress(
  scope: ManageScope,
  id: string,
  address: Record<string, string | undefined>,
): Promise<Outcome<SubscriptionView>> {
  const clean = Object.fromEntries(
    Object.entries(address).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
    ),
  );
  const country = clean.country ?? '';
  const errors = addressRegionErrors({ country, region: clean.region, postalCode: clean.postalCode });
  const field = (['region', 'postalCode'] as const).find((k) => errors[k]);
  if (field)
    return Promise.resolve(
      asOutcomeOf(fieldRejection('SUBSCRIPTION_ADDRESS_INVALID', field, undefined, errors[field])),
    );
  return change(scope, id, (row) => {
    if (row.status === 'ended' || (row.status === 'cancelled' && !row.cancelAtPeriodEnd))
      throw new Rejection('SUBSCRIPTION_ENDED');
    return { set: { shippingAddress: clean }, event: 'address_changed', detail: { country } };
  });
}

function asOutcomeOf(rejection: Rejection): Outcome<never> {
  return {
    ok: false,
    reason: rejection.reason,
    values: rejection.values,
    message: rejection.ruleMessage,
    ...(rejection.details ? { details: rejection.details } : {}),
  };
}

/** A payment method saved at the provider for charges without the customer present. */
export type SavedMethod =
  | { ok: true; customerRef: string | null; methodRef: string; label: string | null }
  | { ok: false; message: string };

/**
 * Charge the subscription to another card from now on. The card is saved at the provider first
 * (`save`, no row lock held across that call), then recorded; a past-due subscription is
 * charged again soon after (RETRY_AFTER_CARD_CHANGE_MS) rather than at its next dunning date.
 */
export async function changeCard(
  scope: ManageScope,
  id: string,
  save: (row: SubscriptionRow) => Promise<SavedMethod>,
): Promise<Outcome<SubscriptionView>> {
  const current = await readSubscription(scope, id);
  if (!current) return { ok: false, reason: 'SUBSCRIPTION_NOT_FOUND' };
  if (current.status === 'ended' || current.status === 'cancelled')
    return { ok: false, reason: 'SUBSCRIPTION_ENDED' };
  let saved: SavedMethod;
  try {
    saved = await save(current);
  } catch {
    return {
      ok: false,
      reason: 'SUBSCRIPTION_CARD_REFUSED',
      values: { message: 'the payment provider did not answer' },
    };
  }
  if (!saved.ok)
    return { ok: false, reason: 'SUBSCRIPTION_CARD_REFUSED', values: { message: saved.message } };
  return change(scope, id, (row, now) => {
    if (row.status === 'ended' || row.status === 'cancelled') throw new Rejection('SUBSCRIPTION_ENDED');
    const retry =
      row.status === 'past_due' ? new Date(now.getTime() + RETRY_AFTER_CARD_CHANGE_MS) : row.nextRetryAt;
    return {
      set: {
        paymentCustomerRef: saved.customerRef ?? row.paymentCustomerRef,
        paymentMethodRef: saved.methodRef,
        paymentMethodLabel: saved.label,
        nextRetryAt: retry,
      },
      event: 'card_changed',
      detail: { label: saved.label, ...(row.status === 'past_due' ? { retryAt: retry?.getTime() } : {}) },
    };
  });
}

/**
 * The next `count` charges: their dates on the subscription's calendar and amounts; none while
 * paused or after cancelling, and no more than a fixed term has left.
 */
export function upcomingCharges(
  row: SubscriptionRow,
  count: number,
  timeZone: string,
): { dueAt: number; amountCents: number; cycle: number }[] {
  if (row.nextBillingAt === null || (row.status !== 'active' && row.status !== 'past_due')) return [];
  const out: { dueAt: number; amountCents: number; cycle: number }[] = [];
  const first = row.cyclesDone + 1;
  for (let cycle = first; out.length < Math.min(count, MAX_UPCOMING); cycle += 1) {
    if (row.numBillingCycles > 0 && cycle > row.numBillingCycles) break;
    const dueAt =
      cycle === first
        ? row.nextBillingAt
        : billingInstant(row.anchorAt, period(row), cycle - 1, timeZone, row.anchorDay);
    out.push({ dueAt: dueAt.getTime(), amountCents: amountOf(row), cycle });
  }
  return out;
}

export async function upcomingChargesOf(
  scope: ManageScope,
  id: string,
  count: number,
): Promise<Outcome<{ charges: ReturnType<typeof upcomingCharges>; currency: string }>> {
  const row = await readSubscription(scope, id);
  if (!row) return { ok: false, reason: 'SUBSCRIPTION_NOT_FOUND' };
  return {
    ok: true,
    value: { charges: upcomingCharges(row, count, scope.timeZone), currency: row.currency },
  };
}

/** The signed-in customer's subscriptions, newest first. */
export async function listCustomerSubscriptions(db: Database, websiteId: string, siteUserId: string) {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.siteUserId, siteUserId)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(100);
  return rows.map(serializeSubscription);
}

export async function findSubscription(scope: ManageScope, id: string): Promise<Outcome<SubscriptionView>> {
  const row = await readSubscription(scope, id);
  return row
    ? { ok: true, value: serializeSubscription(row) }
    : { ok: false, reason: 'SUBSCRIPTION_NOT_FOUND' };
}

export const OWNER_PAGE = 50;

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (typeof at !== 'string' || typeof id !== 'string' || id.length > 64) return null;
    const createdAt = new Date(at);
    // Only instants the database can hold (a year past 9999 is a valid Date but not a timestamp).
    const year = createdAt.getUTCFullYear();
    if (Number.isNaN(createdAt.getTime()) || year < 1970 || year > 9999) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** The owner's list: newest first, a status filter and a search by e-mail (part of it). */
export async function listSubscriptions(
  db: Database,
  websiteId: string,
  query: { status?: SubscriptionStatus; q?: string; cursor?: string },
): Promise<
  Outcome<{ subscriptions: SubscriptionView[]; hasNextPage: boolean; nextPageCursor: string | null }>
> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after) return { ok: false, reason: 'CURSOR_INVALID' };
  const q = query.q?.trim();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.websiteId, websiteId),
        query.status ? eq(subscriptions.status, query.status) : undefined,
        q ? ilike(subscriptions.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        after
          ? or(
              lt(subscriptions.createdAt, after.createdAt),
              and(eq(subscriptions.createdAt, after.createdAt), lt(subscriptions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(OWNER_PAGE + 1);
  const page = rows.slice(0, OWNER_PAGE);
  const last = page.at(-1);
  const hasNextPage = rows.length > OWNER_PAGE;
  return {
    ok: true,
    value: {
      subscriptions: page.map(serializeSubscription),
      hasNextPage,
      nextPageCursor: hasNextPage && last ? encodeCursor(last) : null,
    },
  };
}

/** The owner's detail: the subscription, each billing cycle with its order, the history. */
export async function subscriptionDetail(scope: ManageScope, id: string) {
  const row = await readSubscription(scope, id);
  if (!row) return { ok: false as const, reason: 'SUBSCRIPTION_NOT_FOUND' as const };
  const cycles = await scope.db
    .select({
      cycle: subscriptionCycles.cycle,
      dueAt: subscriptionCycles.dueAt,
      state: subscriptionCycles.state,
      attempts: subscriptionCycles.attempts,
      amountCents: subscriptionCycles.amountCents,
      orderId: subscriptionCycles.orderId,
      lastError: subscriptionCycles.lastError,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      refundedCents: orders.refundedCents,
    })
    .from(subscriptionCycles)
    .leftJoin(orders, and(eq(orders.id, subscriptionCycles.orderId), eq(orders.websiteId, row.websiteId)))
    .where(
      and(eq(subscriptionCycles.websiteId, row.websiteId), eq(subscriptionCycles.subscriptionId, row.id)),
    )
    .orderBy(asc(subscriptionCycles.cycle));
  const events = await scope.db
    .select()
    .from(subscriptionEvents)
    .where(
      and(eq(subscriptionEvents.websiteId, row.websiteId), eq(subscriptionEvents.subscriptionId, row.id)),
    )
    .orderBy(asc(subscriptionEvents.seq));
  return {
    ok: true as const,
    value: {
      subscription: serializeSubscription(row),
      cycles: cycles.map((c) => ({
        cycle: c.cycle,
        dueAt: c.dueAt.getTime(),
        state: c.state,
        attempts: c.attempts,
        amountCents: c.amountCents,
        orderId: c.orderId,
        orderNumber: c.orderNumber ?? null,
        orderStatus: c.orderStatus ?? null,
        refundedCents: c.refundedCents ?? 0,
        lastError: c.lastError,
      })),
      events: events.map((e) => ({
        kind: e.kind,
        actor: e.actor,
        detail: e.detail,
        createdOn: e.createdAt.getTime(),
      })),
      upcoming: upcomingCharges(row, 3, scope.timeZone),
    },
  };
}
export type SubscriptionDetail = Extract<
  Awaited<ReturnType<typeof subscriptionDetail>>,
  { ok: true }
>['value'];

/**
 * Refund one renewal: the order money action (services/orders refundOrder, passed in) on the
 * cycle's order, for what is left of it. Idempotent: a renewal already refunded in full answers
 * the detail as it is; the cycle is marked refunded and the history says who did it, once.
 */
export async function refundRenewal(
  scope: ManageScope,
  id: string,
  cycle: number,
  refund: (orderId: string) => Promise<Outcome<unknown>>,
): Promise<Outcome<SubscriptionDetail>> {
  const row = await readSubscription(scope, id);
  if (!row) return { ok: false, reason: 'SUBSCRIPTION_NOT_FOUND' };
  const [found] = await scope.db
    .select({ orderId: subscriptionCycles.orderId, state: subscriptionCycles.state, status: orders.status })
    .from(subscriptionCycles)
    .leftJoin(orders, and(eq(orders.id, subscriptionCycles.orderId), eq(orders.websiteId, row.websiteId)))
    .where(and(eq(subscriptionCycles.subscriptionId, row.id), eq(subscriptionCycles.cycle, cycle)));
  if (!found?.orderId || !found.status) return { ok: false, reason: 'RENEWAL_NOT_FOUND' };
  if (found.status !== 'REFUNDED') {
    const done = await refund(found.orderId);
    // Refunded meanwhile by another request: the same end state, answered the same way.
    if (!done.ok && done.reason !== 'NOTHING_TO_REFUND') return done;
  }
  await retryTransaction(scope.db, async (tx) => {
    const marked = await tx
      .update(subscriptionCycles)
      .set({ state: 'refunded', updatedAt: nowOf(scope) })
      .where(
        and(
          eq(subscriptionCycles.subscriptionId, row.id),
          eq(subscriptionCycles.cycle, cycle),
          sql`${subscriptionCycles.state} <> 'refunded'`,
        ),
      )
      .returning({ cycle: subscriptionCycles.cycle });
    if (marked.length > 0)
      await appendSubscriptionEvent(tx, row, 'renewal_refunded', scope.actor, {
        cycle,
        orderId: found.orderId,
      });
  });
  const detail = await subscriptionDetail(scope, id);
  return detail.ok ? { ok: true, value: detail.value } : { ok: false, reason: 'SUBSCRIPTION_NOT_FOUND' };
}
