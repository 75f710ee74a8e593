import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';
import { siteUsers } from './site-users';
import { subscriptions } from './subscriptions';

/**
 * Member areas, their pricing plans, memberships and what each area unlocks
 * (drizzle/0029_members_subscriptions.sql, which holds the checks and the partial indexes).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const memberAreas = pgTable(
  'member_areas',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Shown on the access-denied page (106) above the join button; empty = the default words. */
    deniedMessage: text('denied_message').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('member_areas_site_id').on(t.websiteId, t.id),
    unique('member_areas_site_slug').on(t.websiteId, t.slug),
  ],
);

export type MemberPlanKind = 'free' | 'one_off' | 'recurring';
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export const memberPlans = pgTable(
  'member_plans',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<MemberPlanKind>().notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    periodUnit: text('period_unit').$type<BillingUnit | null>(),
    periodValue: integer('period_value'),
    /** 0 = renews until cancelled. */
    numBillingCycles: integer('num_billing_cycles').notNull().default(0),
    trialDays: integer('trial_days').notNull().default(0),
    /** The plan's paywall product (type 5) in the site's hidden memberships store: checkout sells it. */
    itemId: text('item_id'),
    sku: text('sku'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('member_plans_area_idx').on(t.areaId, t.position),
    uniqueIndex('member_plans_item_key').on(t.itemId).where(sql`${t.itemId} is not null`),
  ],
);

export type MemberContentKind = 'page' | 'collection' | 'item' | 'block' | 'download';

/** What an area unlocks. A block's ref is '<page or item id>:<block id>'. */
export const memberAreaContent = pgTable(
  'member_area_content',
  {
    websiteId: websiteIdColumn(),
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MemberContentKind>().notNull(),
    ref: text('ref').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'member_area_content_pk', columns: [t.areaId, t.kind, t.ref] }),
    index('member_area_content_ref_idx').on(t.websiteId, t.kind, t.ref),
  ],
);

export type MembershipStatus = 'active' | 'cancelled' | 'ended';
export type MembershipSource = 'free' | 'order' | 'subscription' | 'owner';

/**
 * A customer's membership of an area. Access holds while the status is 'active' or
 * 'cancelled' (cancelled at period end) and `endsAt` is null or still ahead.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    planId: text('plan_id').references(() => memberPlans.id, { onDelete: 'set null' }),
    status: text('status').$type<MembershipStatus>().notNull().default('active'),
    source: text('source').$type<MembershipSource>().notNull(),
    orderId: text('order_id'),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('memberships_one_live').on(t.areaId, t.siteUserId).where(sql`${t.status} <> 'ended'`),
    index('memberships_site_user_idx').on(t.websiteId, t.siteUserId),
  ],
);
