import type { z } from 'zod';
import type { shippingOptionInput } from '@store/api';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { shippingOptions } from '../../db/schema/index';
import { announce, forgetPricingRules } from './pricing-rules';
import type { Outcome } from '../../reasons';
import { notFound } from './not-found';

type Input = z.output<typeof shippingOptionInput>;
type Row = typeof shippingOptions.$inferSelect;

/** The API shape: zones without empty regions. */
function present(row: Row) {
  const { websiteId: _w, ...rest } = row;
  return {
    ...rest,
    zones: row.zones.map((z) =>
      z.region ? { country: z.country, region: z.region } : { country: z.country },
    ),
  };
}

export async function listShippingOptions(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.websiteId, websiteId))
    .orderBy(asc(shippingOptions.displayIndex), asc(shippingOptions.name));
  return { shippingOptions: rows.map(present) };
}

export async function createShippingOption(db: Database, websiteId: string, input: Input) {
  const last = sql<number>`coalesce((select max(${shippingOptions.displayIndex}) + 1 from ${shippingOptions} where ${shippingOptions.websiteId} = ${websiteId}), 0)`;
  const row = theRow(
    await db.transaction(async (tx) =>
      announce(
        tx,
        websiteId,
        tx
          .insert(shippingOptions)
          .values({ ...input, displayIndex: input.displayIndex ?? last, websiteId })
          .returning(),
      ),
    ),
    'insert into shipping_options',
  );
  forgetPricingRules(websiteId);
  return present(row);
}

export async function updateShippingOption(
  db: Database,
  websiteId: string,
  id: string,
  input: Input,
): Promise<Outcome<ReturnType<typeof present>>> {
  const [row] = await db.transaction(async (tx) =>
    announce(
      tx,
      websiteId,
      tx
        .update(shippingOptions)
        .set(input)
        .where(and(eq(shippingOptions.websiteId, websiteId), eq(shippingOptions.id, id)))
        .returning(),
    ),
  );
  if (!row) return notFound;
  forgetPricingRules(websiteId);
  return { ok: true, value: present(row) };
}

/** Carts that had chosen it simply have no option selected any more (the cart view drops it). */
export async function deleteShippingOption(
  db: Database,
  websiteId: string,
  id: string,
): Promise<Outcome<{ ok: true }>> {
  const gone = await db.transaction(async (tx) =>
    announce(
      tx,
      websiteId,
      tx
        .delete(shippingOptions)
        .where(and(eq(shippingOptions.websiteId, websiteId), eq(shippingOptions.id, id)))
        .returning({ id: shippingOptions.id }),
    ),
  );
  if (gone.length === 0) return notFound;
  forgetPricingRules(websiteId);
  return { ok: true, value: { ok: true } };
}
