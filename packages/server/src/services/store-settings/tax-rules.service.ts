import type { z } from 'zod';
import type { taxRuleInput } from '@store/api';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { taxRules } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { notFound } from './not-found';
import { announce, forgetPricingRules } from './pricing-rules';

type Input = z.output<typeof taxRuleInput>;

function present(row: typeof taxRules.$inferSelect) {
  const { websiteId: _w, ...rest } = row;
  return rest;
}

export async function listTaxRules(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(taxRules)
    .where(eq(taxRules.websiteId, websiteId))
    .orderBy(asc(taxRules.country), asc(taxRules.region), asc(taxRules.name));
  return { taxRules: rows.map(present) };
}

export async function createTaxRule(db: Database, websiteId: string, input: Input) {
  const row = theRow(
    await db.transaction(async (tx) =>
      announce(
        tx,
        websiteId,
        tx
          .insert(taxRules)
          .values({ ...input, websiteId })
          .returning(),
      ),
    ),
    'insert into tax_rules',
  );
  forgetPricingRules(websiteId);
  return present(row);
}

export async function updateTaxRule(
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
        .update(taxRules)
        .set(input)
        .where(and(eq(taxRules.websiteId, websiteId), eq(taxRules.id, id)))
        .returning(),
    ),
  );
  if (!row) return notFound;
  forgetPricingRules(websiteId);
  return { ok: true, value: present(row) };
}

export async function deleteTaxRule(
  db: Database,
  websiteId: string,
  id: string,
): Promise<Outcome<{ ok: true }>> {
  const gone = await db.transaction(async (tx) =>
    announce(
      tx,
      websiteId,
      tx
        .delete(taxRules)
        .where(and(eq(taxRules.websiteId, websiteId), eq(taxRules.id, id)))
        .returning({ id: taxRules.id }),
    ),
  );
  if (gone.length === 0) return notFound;
  forgetPricingRules(websiteId);
  return { ok: true, value: { ok: true } };
}
