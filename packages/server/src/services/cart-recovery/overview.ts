import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { SiteRecord } from '../site.service';

/** An order counts as recovered when placed within this many days of the last reminder or restore. */
export const RECOVERY_WINDOW_DAYS = 7;
const LIST_LIMIT = 100;

export type AbandonedCartState = 'waiting' | 'reminded' | 'recovered' | 'stopped';

/** "ada.buyer@example.com" → "a•••r@example.com": enough to tell carts apart, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * Each tracked cart with what became of it. Recovered: bought (its one order, so counted once)
 * after a reminder went out or its link restored it, within the window. Stopped: bought
 * otherwise, emptied, unsubscribed, or an order came with the same e-mail. The orders table
 * allows one order per cart, so a recovered order is never counted twice.
 */
const FACTS = (websiteId: string) => sql`
  with facts as (
    select r.cart_id, r.email, r.reminders_sent, greatest(c.updated_at, r.email_at) as last_activity,
      o.grand_total_cents as order_cents,
      (o.id is not null and o.status <> 'CANCELED'
        and (r.reminders_sent > 0 or r.restored_at is not null)
        and o.created_at >= coalesce(least(r.first_reminded_at, r.restored_at), r.first_reminded_at, r.restored_at)
        and o.created_at <= greatest(r.last_reminded_at, r.restored_at)
          + make_interval(days => ${RECOVERY_WINDOW_DAYS})) as recovered,
      (c.is_purchased
        or not exists (select 1 from cart_entries e where e.cart_id = r.cart_id)
        or exists (select 1 from cart_recovery_optouts x
          where x.website_id = r.website_id and x.email = lower(r.email))
        or exists (select 1 from orders m where m.website_id = r.website_id
          and lower(m.email) = lower(r.email) and m.created_at >= c.created_at)) as stopped,
      (select coalesce(sum(e.quantity * case when v.on_sale then v.sale_price_cents else v.price_cents end), 0)
        from cart_entries e join variants v on v.website_id = e.website_id and v.sku = e.sku
        where e.cart_id = r.cart_id) as value_cents,
      (select coalesce(sum(e.quantity), 0) from cart_entries e where e.cart_id = r.cart_id) as item_count
    from cart_recovery r
    join carts c on c.id = r.cart_id
    left join orders o on o.purchased_cart_id = r.cart_id and o.website_id = r.website_id
    where r.website_id = ${websiteId}
  )`;

interface FactRow {
  cart_id: string;
  email: string;
  reminders_sent: number;
  last_activity: string | Date;
  order_cents: number | string | null;
  recovered: boolean;
  stopped: boolean;
  value_cents: number | string;
  item_count: number | string;
}

function stateOf(row: FactRow): AbandonedCartState {
  if (row.recovered) return 'recovered';
  if (row.stopped) return 'stopped';
  return Number(row.reminders_sent) > 0 ? 'reminded' : 'waiting';
}

export async function abandonedCarts(db: Database, site: Pick<SiteRecord, 'id' | 'currency'>) {
  const [totals] = await selectRows<{
    carts: number | string;
    reminded: number | string;
    recovered: number | string;
    recovered_cents: number | string | null;
  }>(
    db,
    sql`${FACTS(site.id)}
    select count(*) as carts,
      count(*) filter (where reminders_sent > 0) as reminded,
      count(*) filter (where recovered) as recovered,
      coalesce(sum(order_cents) filter (where recovered), 0) as recovered_cents
    from facts`,
  );
  const rows = await selectRows<FactRow>(
    db,
    sql`${FACTS(site.id)} select * from facts order by last_activity desc, cart_id limit ${LIST_LIMIT}`,
  );
  // An order's value: what it was bought for; a cart's: what is in it now.
  return {
    currency: site.currency,
    totals: {
      carts: Number(totals?.carts ?? 0),
      reminded: Number(totals?.reminded ?? 0),
      recovered: Number(totals?.recovered ?? 0),
      recoveredCents: Number(totals?.recovered_cents ?? 0),
    },
    carts: rows.map((r) => {
      const state = stateOf(r);
      return {
        id: r.cart_id,
        email: maskEmail(r.email),
        valueCents: state === 'recovered' ? Number(r.order_cents ?? 0) : Number(r.value_cents),
        itemCount: Number(r.item_count),
        remindersSent: Number(r.reminders_sent),
        state,
        lastActivityAt: new Date(r.last_activity).toISOString(),
        recoveredCents: state === 'recovered' ? Number(r.order_cents ?? 0) : null,
      };
    }),
  };
}
