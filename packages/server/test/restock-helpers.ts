import { and, eq } from 'drizzle-orm';
import { items, variants } from '../src/db/schema/index';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import type { TestSite } from './helpers/test-app';
import { type Backend, testDatabase } from './helpers/test-db';
import { present } from './helpers/present';

/** The demo's sold-out mug: product id and its variants by sku. */
export async function soldOutMug(backend: Backend, site: TestSite) {
  const { db } = await testDatabase(backend);
  const rows = await db
    .select({ productId: variants.itemId, variantId: variants.id, sku: variants.sku })
    .from(variants)
    .innerJoin(items, eq(items.id, variants.itemId))
    .where(and(eq(items.websiteId, site.websiteId), eq(items.urlId, 'stoneware-mug')));
  const bySku = Object.fromEntries(rows.map((r) => [r.sku, r]));
  return {
    white: present(bySku['MUG-WHT'], 'the MUG-WHT variant'),
    blue: present(bySku['MUG-BLU'], 'the MUG-BLU variant'),
  };
}

export async function restock(backend: Backend, variantId: string, qty: number) {
  const { db } = await testDatabase(backend);
  await db.update(variants).set({ qtyInStock: qty }).where(eq(variants.id, variantId));
}

/** Session cookie of a demo account ('owner' or 'customer'). */
export async function sessionOf(site: TestSite, who: 'owner' | 'customer'): Promise<string> {
  const res = await site.request({
    method: 'POST',
    url: '/api/site-users/account/session',
    payload: who === 'owner' ? DEMO_OWNER : DEMO_CUSTOMER,
  });
  return res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
}
