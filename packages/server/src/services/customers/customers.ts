import { minorToDecimal } from '@store/commerce';
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import { orders, siteUserAddresses, siteUsers } from '../../db/schema/index';
import { CSV_BATCH, keysetBatches } from '../owner/csv';

/** Customers per page of the owner's list. */
export const CUSTOMERS_PAGE_SIZE = 25;
/** The orders a customer's detail lists (newest first). */
export const CUSTOMER_ORDERS_SHOWN = 100;

export type CustomerSort = 'lastOrder' | 'totalSpent';

export interface CustomerRow {
  id: string;
  email: string;
  name: string;
  orders: number;
  totalSpentCents: number;
  lastOrderAt: string | null;
  hasAccount: boolean;
  accountCreatedAt: string | null;
  /** The sort key (microseconds of the last order, or cents spent) as text: the cursor's first part. */
  sortKey: string;
}

/**
 * Every customer of one site: each e-mail that ordered (any case; the name from its latest
 * order's shipping address; spent = charged minus refunded, canceled orders left out) joined
 * with the site's customer accounts, which count even before a first order. Only this
 * site's orders and accounts are ever read. The id is a digest of the site and the e-mail,
 * so no address travels in a URL (or a log line).
 */
function customersOf(websiteId: string): SQL {
  return sql`
    with o as (
      select lower(${orders.email}) as email,
             count(*)::int as orders,
             coalesce(sum(case when ${orders.status} <> 'CANCELED'
               then ${orders.grandTotalCents} - ${orders.refundedCents} else 0 end), 0)::bigint as spent,
             max(${orders.createdAt}) as last_order,
             (array_agg(trim(coalesce(${orders.shippingAddress}->>'firstName', '') || ' ' ||
               coalesce(${orders.shippingAddress}->>'lastName', '')) order by ${orders.createdAt} desc))[1] as name
        from ${orders}
       where ${orders.websiteId} = ${websiteId}
       group by lower(${orders.email})
    ), u as (
      select ${siteUsers.email} as email, ${siteUsers.createdAt} as created_at
        from ${siteUsers}
       where ${siteUsers.websiteId} = ${websiteId} and ${siteUsers.role} = 'SITE_USER'
    )
    select left(encode(sha256(convert_to(${websiteId} || ':' || coalesce(o.email, u.email), 'UTF8')), 'hex'), 32) as id,
           coalesce(o.email, u.email) as email,
           coalesce(o.name, '') as name,
           coalesce(o.orders, 0) as orders,
           coalesce(o.spent, 0) as spent,
           o.last_order,
           u.created_at as account_created,
           (u.email is not null) as has_account
      from o full outer join u on u.email = o.email`;
}

const sortKeyOf: Record<CustomerSort, SQL> = {
  lastOrder: sql`coalesce((extract(epoch from c.last_order) * 1000000)::bigint, 0)`,
  totalSpent: sql`c.spent`,
};

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

interface RawCustomer extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  orders: number | string;
  spent: number | string;
  last_order: string | null;
  account_created: string | null;
  has_account: boolean;
  sort_key: string | number;
}

const toRow = (r: RawCustomer): CustomerRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  orders: Number(r.orders),
  totalSpentCents: Number(r.spent),
  lastOrderAt: r.last_order,
  hasAccount: r.has_account,
  accountCreatedAt: r.account_created,
  sortKey: String(r.sort_key),
});

/** A customer list cursor's parts: [sort key (an integer), e-mail]. */
export function validCustomerCursor(key: string[] | undefined): boolean {
  return key === undefined || /^-?\d{1,20}$/.test(key[0] ?? '');
}

/**
 * One page of customers, highest sort key first (latest order, or most spent), then by
 * e-mail; `q` matches the e-mail or the name. Keyset-paged: `after` is the last row's
 * [sortKey, email].
 */
export async function listCustomers(
  db: Database,
  websiteId: string,
  options: { sort: CustomerSort; q?: string; after?: string[]; limit: number },
): Promise<CustomerRow[]> {
  const key = sortKeyOf[options.sort];
  const [afterKey, afterEmail] = options.after ?? [];
  const where: SQL[] = [];
  if (options.q) where.push(sql`(c.email ilike ${like(options.q)} or c.name ilike ${like(options.q)})`);
  if (afterKey !== undefined && afterEmail !== undefined)
    where.push(sql`(${key}, c.email collate "C") < (${afterKey}::bigint, ${afterEmail} collate "C")`);
  const found = await selectRows<RawCustomer>(
    db,
    sql`
    select c.id, c.email, c.name, c.orders, c.spent,
           c.last_order::text as last_order, c.account_created::text as account_created,
           c.has_account, ${key} as sort_key
      from (${customersOf(websiteId)}) c
     ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
     order by ${key} desc, c.email collate "C" desc
     limit ${options.limit}`,
  );
  return found.map(toRow);
}

export type CustomerDetail =
  | { ok: false; code: 'NOT_FOUND' }
  | {
      ok: true;
      customer: CustomerRow;
      orders: {
        id: string;
        orderNumber: number;
        status: string;
        grandTotalCents: number;
        currency: string;
        createdAt: string;
      }[];
      addresses: { address: Record<string, string>; source: 'account' | 'order'; isDefault: boolean }[];
    };

/** One customer of this site by id, with their orders (newest first) and addresses. */
export async function customerDetail(db: Database, websiteId: string, id: string): Promise<CustomerDetail> {
  const found = await selectRows<RawCustomer>(
    db,
    sql`
    select c.id, c.email, c.name, c.orders, c.spent,
           c.last_order::text as last_order, c.account_created::text as account_created,
           c.has_account, 0 as sort_key
      from (${customersOf(websiteId)}) c
     where c.id = ${id}`,
  );
  const [raw] = found;
  if (!raw) return { ok: false, code: 'NOT_FOUND' };
  const customer = toRow(raw);
  const placed = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      grandTotalCents: orders.grandTotalCents,
      currency: orders.currency,
      createdAt: sql<string>`${orders.createdAt}::text`,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), sql`lower(${orders.email}) = ${customer.email}`))
    .orderBy(desc(orders.createdAt))
    .limit(CUSTOMER_ORDERS_SHOWN);
  const saved = customer.hasAccount
    ? await db
        .select({ address: siteUserAddresses.address, isDefault: siteUserAddresses.isDefault })
        .from(siteUserAddresses)
        .innerJoin(siteUsers, eq(siteUsers.id, siteUserAddresses.siteUserId))
        .where(
          and(
            eq(siteUserAddresses.websiteId, websiteId),
            eq(siteUsers.websiteId, websiteId),
            eq(siteUsers.email, customer.email),
          ),
        )
    : [];
  return {
    ok: true,
    customer,
    orders: placed.map(({ shippingAddress: _address, ...o }) => o),
    addresses: mergeAddresses(
      saved,
      placed.flatMap((o) => (o.shippingAddress ? [o.shippingAddress] : [])),
    ),
  };
}

/** Saved addresses first (the default first), then each other address orders shipped to, once. */
export function mergeAddresses(
  saved: { address: Record<string, string>; isDefault: boolean }[],
  shipped: Record<string, string>[],
): { address: Record<string, string>; source: 'account' | 'order'; isDefault: boolean }[] {
  const seen = new Set<string>();
  const keyOf = (a: Record<string, string>) =>
    ['address1', 'address2', 'city', 'postalCode', 'country']
      .map((k) => (a[k] ?? '').trim().toLowerCase())
      .join('|');
  const out: { address: Record<string, string>; source: 'account' | 'order'; isDefault: boolean }[] = [];
  for (const s of [...saved].sort((a, b) => Number(b.isDefault) - Number(a.isDefault))) {
    if (seen.has(keyOf(s.address))) continue;
    seen.add(keyOf(s.address));
    out.push({ address: s.address, source: 'account', isDefault: s.isDefault });
  }
  for (const a of shipped) {
    if (seen.has(keyOf(a))) continue;
    seen.add(keyOf(a));
    out.push({ address: a, source: 'order', isDefault: false });
  }
  return out;
}

export const CUSTOMER_CSV_HEADER = [
  'Email',
  'Name',
  'Orders',
  'Total spent',
  'Currency',
  'Last order',
  'Account',
];

/** The customer list as CSV rows, read in keyset batches (one batch in memory at a time). */
export function customerCsvBatches(
  db: Database,
  websiteId: string,
  currency: string,
  options: { sort: CustomerSort; q?: string },
): AsyncIterable<string[][]> {
  return (async function* () {
    for await (const batch of keysetBatches(
      (after) => listCustomers(db, websiteId, { ...options, after, limit: CSV_BATCH }),
      (c) => [c.sortKey, c.email],
    ))
      yield batch.map((c) => [
        c.email,
        c.name,
        String(c.orders),
        minorToDecimal(c.totalSpentCents, currency),
        currency,
        c.lastOrderAt ?? '',
        c.hasAccount ? 'yes' : 'no',
      ]);
  })();
}
