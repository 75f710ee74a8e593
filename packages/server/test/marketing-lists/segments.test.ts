import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  items,
  memberAreas,
  memberships,
  orderItems,
  orders,
  products,
  siteUsers,
} from '../../src/db/schema/index';
import { listMembers } from '../../src/db/schema/newsletter';
import { joinList } from '../../src/services/lists/members';
import { type SegmentRule, segmentCondition } from '../../src/services/lists/segments';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

describe.each(backends)('segments (%s)', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let productId = '';
  let areaId = '';
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    const db = site.app.database.db;
    const [product] = await db
      .select({ id: products.itemId })
      .from(products)
      .innerJoin(items, eq(items.id, products.itemId))
      .where(eq(products.websiteId, site.websiteId))
      .orderBy(asc(items.id))
      .limit(1);
    productId = product?.id ?? '';
    let n = 0;
    const order = async (websiteId: string, email: string, total: number, status = 'PAID', extra = {}) => {
      n += 1;
      const [row] = await db
        .insert(orders)
        .values({
          websiteId,
          purchasedCartId: `seg-${websiteId}-${n}`,
          accessToken: `seg-${n}`,
          email,
          testMode: false,
          status: status as 'PAID',
          currency: 'USD',
          grandTotalCents: total,
          paymentProvider: 'test',
          paymentReference: `seg_${n}`,
          ...extra,
        })
        .returning({ id: orders.id });
      await db.insert(orderItems).values({
        websiteId,
        orderId: row?.id ?? '',
        itemId: productId,
        sku: 'SEG',
        productName: 'Seg',
        productType: 1,
        quantity: 1,
        unitPriceCents: total,
      });
    };
    // buyer: bought the product for 50.00; big: 120.00 over two orders (one in another case);
    // refunded: 200.00 refunded fully; canceled and test-mode orders count for nothing.
    await order(site.websiteId, 'buyer@seg.test', 5000);
    await order(site.websiteId, 'big@seg.test', 6000, 'FULFILLED');
    await order(site.websiteId, 'BIG@seg.test', 6000);
    await order(site.websiteId, 'refunded@seg.test', 20000, 'REFUNDED', { refundedCents: 20000 });
    await order(site.websiteId, 'canceled@seg.test', 20000, 'CANCELED');
    await order(site.websiteId, 'tester@seg.test', 20000, 'PAID', { testMode: true });
    // Another site's order of the same e-mail counts nothing here.
    await order(other.websiteId, 'member@seg.test', 90000);
    const [area] = await db
      .insert(memberAreas)
      .values({ websiteId: site.websiteId, name: 'Gold', slug: 'gold' })
      .returning({ id: memberAreas.id });
    areaId = area?.id ?? '';
    const user = async (email: string) => {
      const [u] = await db
        .insert(siteUsers)
        .values({ websiteId: site.websiteId, email, passwordHash: 'x' })
        .returning({ id: siteUsers.id });
      return u?.id ?? '';
    };
    await db.insert(memberships).values([
      { websiteId: site.websiteId, areaId, siteUserId: await user('member@seg.test'), source: 'owner' },
      {
        websiteId: site.websiteId,
        areaId,
        siteUserId: await user('big@seg.test'),
        source: 'owner',
        status: 'cancelled',
        endsAt: new Date(Date.now() + 86_400_000),
      },
      {
        websiteId: site.websiteId,
        areaId,
        siteUserId: await user('lapsed@seg.test'),
        source: 'owner',
        status: 'cancelled',
        endsAt: new Date(Date.now() - 60_000),
      },
    ]);
    for (const email of ['buyer', 'big', 'refunded', 'canceled', 'tester', 'member', 'lapsed', 'nobody']) {
      await joinList(db, { websiteId: site.websiteId, email: `${email}@seg.test`, source: 'owner' });
    }
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  const who = async (rule: SegmentRule) => {
    const rows = await site.app.database.db
      .select({ email: listMembers.email })
      .from(listMembers)
      .where(and(eq(listMembers.websiteId, site.websiteId), segmentCondition(site.websiteId, rule)))
      .orderBy(asc(listMembers.email));
    return rows.map((r) => r.email.split('@')[0]);
  };

  it('bought product X: counted orders only', async () => {
    expect(await who({ boughtProductId: productId })).toEqual(['big', 'buyer', 'refunded']);
    expect(await who({ boughtProductId: 'no-such-product' })).toEqual([]);
  });

  it('spent over Y: net of refunds, in the site currency, strictly over', async () => {
    expect(await who({ spentOverMinor: 5000 })).toEqual(['big']);
    expect(await who({ spentOverMinor: 4999 })).toEqual(['big', 'buyer']);
    expect(await who({ spentOverMinor: 0 })).toEqual(['big', 'buyer']);
  });

  it('member of area Z: live memberships only', async () => {
    expect(await who({ memberOfAreaId: areaId })).toEqual(['big', 'member']);
  });

  it('a store that never took a live payment counts its test-mode orders; once live, only live ones', async () => {
    const trial = await createTestSite(backend);
    try {
      const db = trial.app.database.db;
      const buy = async (email: string, total: number, testMode: boolean) => {
        await db.insert(orders).values({
          websiteId: trial.websiteId,
          purchasedCartId: `trial-${email}-${total}`,
          accessToken: `trial-${email}-${total}`,
          email,
          testMode,
          status: 'PAID',
          currency: 'USD',
          grandTotalCents: total,
          paymentProvider: 'test',
          paymentReference: `trial_${email}_${total}`,
        });
      };
      for (const email of ['tried@seg.test', 'nobody@seg.test'])
        await joinList(db, { websiteId: trial.websiteId, email, source: 'owner' });
      await buy('tried@seg.test', 3000, true);
      const spent = async () => {
        const rows = await db
          .select({ email: listMembers.email })
          .from(listMembers)
          .where(
            and(
              eq(listMembers.websiteId, trial.websiteId),
              segmentCondition(trial.websiteId, { spentOverMinor: 1000 }),
            ),
          );
        return rows.map((r) => r.email);
      };
      expect(await spent()).toEqual(['tried@seg.test']);
      // The first live payment ends the trial: the test-mode order counts no more.
      await buy('nobody@seg.test', 500, false);
      expect(await spent()).toEqual([]);
    } finally {
      await trial.app.close();
    }
  });

  it('conditions combine: all must hold; an empty rule is everyone', async () => {
    expect(await who({ memberOfAreaId: areaId, spentOverMinor: 10000 })).toEqual(['big']);
    expect(await who({ memberOfAreaId: areaId, boughtProductId: productId, spentOverMinor: 20000 })).toEqual(
      [],
    );
    expect(await who({})).toHaveLength(8);
  });
});
