import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { retryTransaction } from '../../src/db/retry-transaction';
import { variants } from '../../src/db/schema/index';
import { ApiError } from '../../src/errors';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

/** What node-postgres (inside Drizzle's wrapper) throws for a deadlock victim. */
function deadlock(): Error {
  return Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });
}

describe.each(backends)('retryTransaction on %s', (backend) => {
  it('runs again after a deadlock, keeping only the attempt that committed', async () => {
    const site = await createTestSite(backend);
    const db = site.app.database.db;
    const where = and(eq(variants.websiteId, site.websiteId), eq(variants.sku, 'PIN-SET'));
    const [before] = await db.select({ qty: variants.qtyInStock }).from(variants).where(where);
    let runs = 0;
    const answer = await retryTransaction(db, async (tx) => {
      runs++;
      await tx
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} - 1` })
        .where(where);
      if (runs < 3) throw deadlock();
      return 'placed';
    });
    expect(answer).toBe('placed');
    expect(runs).toBe(3);
    const [after] = await db.select({ qty: variants.qtyInStock }).from(variants).where(where);
    expect(after?.qty).toBe((before?.qty ?? 0) - 1);
    await site.app.close();
  });

  it('answers TRY_AGAIN (409) when every attempt loses, and never retries other failures', async () => {
    const site = await createTestSite(backend);
    const db = site.app.database.db;
    let runs = 0;
    const lost = await retryTransaction(
      db,
      async () => {
        runs++;
        throw deadlock();
      },
      { attempts: 4, maxDelayMs: 1 },
    ).catch((error: unknown) => error);
    expect(runs).toBe(4);
    expect(lost).toBeInstanceOf(ApiError);
    expect([(lost as ApiError).code, (lost as ApiError).statusCode]).toEqual(['TRY_AGAIN', 409]);

    runs = 0;
    const broken = await retryTransaction(db, async () => {
      runs++;
      throw new Error('not contention');
    }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect((broken as Error).message).toBe('not contention');
    await site.app.close();
  });

  it('two transactions locking two rows in opposite orders both commit', async () => {
    const site = await createTestSite(backend);
    const db = site.app.database.db;
    const rows = await db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.websiteId, site.websiteId), inArray(variants.sku, ['PIN-SET', 'NOTE-1'])));
    const [a, b] = rows.map((r) => r.id) as [string, string];
    await db
      .update(variants)
      .set({ qtyInStock: 10 })
      .where(inArray(variants.id, [a, b]));
    // Each holds its first row until the other holds its own (or a moment passed: PGlite runs
    // one transaction at a time), then asks for the other's: on PostgreSQL one is a deadlock victim.
    let holding = 0;
    const bothHolding = async () => {
      holding++;
      for (let i = 0; i < 20 && holding < 2; i++) await new Promise((r) => setTimeout(r, 10));
    };
    const take = (first: string, second: string) =>
      retryTransaction(db, async (tx) => {
        await tx
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} - 1` })
          .where(eq(variants.id, first));
        await bothHolding();
        await tx
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} - 1` })
          .where(eq(variants.id, second));
      });
    await Promise.all([take(a, b), take(b, a)]);
    const after = await db
      .select({ qty: variants.qtyInStock })
      .from(variants)
      .where(inArray(variants.id, [a, b]));
    expect(after.map((r) => r.qty)).toEqual([8, 8]);
    await site.app.close();
  });

  it('contention that reaches the edge unanswered is a 409, never a 500', async () => {
    const site = await createTestSite(backend);
    // Errors shaped as the drivers raise them, from a route outside any retry.
    const raised: Record<string, string> = { deadlock: '40P01', serialization: '40001', unique: '23505' };
    site.app.get('/api/contention-probe/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error(kind), { code: raised[kind] }),
      });
    });
    const answers: Record<string, [number, string]> = {};
    for (const kind of Object.keys(raised)) {
      const res = await site.request({ method: 'GET', url: `/api/contention-probe/${kind}` });
      answers[kind] = [res.statusCode, res.json().error.code];
    }
    expect(answers).toEqual({
      deadlock: [409, 'TRY_AGAIN'],
      serialization: [409, 'TRY_AGAIN'],
      unique: [409, 'CONFLICT'],
    });
    await site.app.close();
  });
});
