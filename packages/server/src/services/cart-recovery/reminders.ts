import { formatMoney } from '@store/commerce';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { selectRows } from '../../db/rows';
import { loadCartLines } from '../cart/cart-store';
import { enqueueEmail } from '../email/email-outbox';
import { findSiteById, type SiteRecord } from '../site.service';
import { RESTORE_LINK_DAYS, restoreToken, restoreUrl, unsubscribeToken, unsubscribeUrl } from './links';
import { CART_RECOVERY_NAMESPACE, cartRecoverySettings, withSiteName } from './settings';

/** Reminders claimed per statement (the next run takes the rest). */
export const CART_REMINDER_BATCH = 200;
/** A reminder more than this late (the store turned reminders on later) is not sent. */
const LATEST = "interval '3 days'";

/**
 * What keeps a cart remindable, checked in the claiming UPDATE itself (so a cart bought,
 * emptied or unsubscribed after the job selected it gets nothing): still open, still has a
 * line, its e-mail has not unsubscribed from this site, and no order was placed with that
 * e-mail on this site since the cart was started.
 */
const STILL_REMINDABLE = sql`
  exists (select 1 from carts c where c.id = cart_recovery.cart_id and c.is_purchased = false)
  and exists (select 1 from cart_entries e where e.cart_id = cart_recovery.cart_id)
  and not exists (
    select 1 from cart_recovery_optouts o
    where o.website_id = cart_recovery.website_id and o.email = lower(cart_recovery.email))
  and not exists (
    select 1 from orders o join carts c on c.id = cart_recovery.cart_id
    where o.website_id = cart_recovery.website_id and lower(o.email) = lower(cart_recovery.email)
      and o.created_at >= c.created_at)`;

const ENABLED = sql`p.namespace = ${CART_RECOVERY_NAMESPACE} and p.preferences->>'enabled' = 'true'`;

/**
 * Signed-in customers' carts need no typed e-mail: their account's is recorded, with the cart's
 * last activity as the time it was given (the delays count from there).
 */
async function recordSignedInCarts(db: Database, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into cart_recovery (cart_id, website_id, email, email_at)
    select c.id, c.website_id, u.email, c.updated_at
    from carts c
    join site_users u on u.id = c.site_user_id and u.website_id = c.website_id
    join commerce_preferences p on p.website_id = c.website_id and ${ENABLED}
    where c.site_user_id is not null and c.is_purchased = false and c.kind = 'STANDARD'
      and c.updated_at > ${at}::timestamptz - ${sql.raw(LATEST)}
      and exists (select 1 from cart_entries e where e.cart_id = c.id)
      and not exists (select 1 from cart_recovery r where r.cart_id = c.id)
    limit ${CART_REMINDER_BATCH}
    on conflict (cart_id) do nothing`);
}

interface Claimed {
  cart_id: string;
  website_id: string;
  email: string;
  reminders_sent: number;
}

/**
 * Claim the carts whose next reminder is due with one UPDATE … SET reminders_sent =
 * reminders_sent + 1 RETURNING: the inner select locks the rows it picks (SKIP LOCKED passes
 * over rows another process is claiming; a row updated meanwhile is re-checked on its new
 * count), and the mail is queued in the same transaction, so each reminder goes once across
 * processes and restarts (a rollback un-claims it). Due: the n-th delay has passed since the
 * cart was last touched or its e-mail given, whichever is later.
 */
async function claimDue(tx: Tx, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const dueAt = sql`greatest(c.updated_at, r.email_at)
    + make_interval(mins => (p.preferences->'delaysMinutes'->>r.reminders_sent)::int)`;
  return selectRows<Claimed>(
    tx,
    sql`
    update cart_recovery set
      reminders_sent = reminders_sent + 1,
      first_reminded_at = coalesce(first_reminded_at, ${at}::timestamptz),
      last_reminded_at = ${at}::timestamptz
    where cart_id in (
      select r.cart_id from cart_recovery r
      join carts c on c.id = r.cart_id
      join commerce_preferences p on p.website_id = r.website_id and ${ENABLED}
      where jsonb_typeof(p.preferences->'delaysMinutes') = 'array'
        and r.reminders_sent < least(jsonb_array_length(p.preferences->'delaysMinutes'), 3)
        and ${dueAt} <= ${at}::timestamptz
        and ${dueAt} > ${at}::timestamptz - ${sql.raw(LATEST)}
      order by r.email_at
      limit ${CART_REMINDER_BATCH}
      for update of r skip locked)
    and reminders_sent < 3
    and ${STILL_REMINDABLE}
    returning cart_id, website_id, email, reminders_sent`,
  );
}

/** The reminder's text: the owner's intro, the cart's lines, the restore link, the way out. */
export async function reminderMail(
  tx: Tx,
  site: SiteRecord,
  cartId: string,
  now: Date,
): Promise<{ subject: string; text: string; secrets: string[]; headers: Record<string, string> } | null> {
  const settings = await cartRecoverySettings(tx, site.id);
  const lines = await loadCartLines(tx, cartId);
  if (lines.length === 0) return null;
  const money = (cents: number) => formatMoney(cents, site.currency);
  const rows = lines.map((l) => {
    const unit = l.onSale ? l.salePriceCents : l.priceCents;
    const variant = Object.values(l.attributes ?? {}).join(' / ');
    const name = variant ? `${l.title} (${variant})` : l.title;
    return { text: `- ${name} × ${l.quantity} = ${money(unit * l.quantity)}`, cents: unit * l.quantity };
  });
  const total = rows.reduce((sum, r) => sum + r.cents, 0);
  const restore = restoreUrl(site, await restoreToken(tx, cartId, now));
  const unsubscribe = unsubscribeUrl(site, await unsubscribeToken(tx, cartId));
  const intro = withSiteName(settings.intro, site.siteTitle).trim();
  const text = [
    ...(intro ? [intro, ''] : []),
    ...rows.map((r) => r.text),
    '',
    `Subtotal ${money(total)}, before shipping and taxes.`,
    '',
    `Return to your cart: ${restore}`,
    '',
    `The link brings your cart back in any browser for ${RESTORE_LINK_DAYS} days.`,
    '',
    `You get this because you started a checkout at ${site.siteTitle} with this address. To get no more cart reminders from ${site.siteTitle}, unsubscribe with one click at ${unsubscribe}`,
  ].join('\n');
  return {
    subject: withSiteName(settings.subject, site.siteTitle),
    text,
    secrets: [restore, unsubscribe],
    // One-click unsubscribe (RFC 8058): the link answers the mail program's POST.
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Queue the cart reminders due at `now` (the job's work; tests pass their clock). */
export async function sendDueCartReminders(
  db: Database,
  now = new Date(),
): Promise<{ claimed: number; queued: number }> {
  await recordSignedInCarts(db, now);
  const totals = { claimed: 0, queued: 0 };
  const sites = new Map<string, SiteRecord | null>();
  for (;;) {
    const round = await retryTransaction(db, async (tx) => {
      const rows = await claimDue(tx, now);
      let queued = 0;
      for (const r of rows) {
        // Read through the transaction: PGlite has one connection, which the transaction holds.
        if (!sites.has(r.website_id))
          sites.set(r.website_id, await findSiteById(tx as unknown as Database, r.website_id));
        const site = sites.get(r.website_id);
        const mail = site ? await reminderMail(tx, site, r.cart_id, now) : null;
        if (!site || !mail) continue;
        await enqueueEmail(tx, { websiteId: site.id, kind: 'cart-reminder', to: r.email, ...mail });
        queued++;
      }
      return { claimed: rows.length, queued };
    });
    totals.claimed += round.claimed;
    totals.queued += round.queued;
    if (round.claimed < CART_REMINDER_BATCH) break;
  }
  return totals;
}
