import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testModeCharges } from '../../db/schema/index';

/** One test-mode charge as the provider remembers it. */
export interface TestCharge {
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  tokenHash: string | null;
  reference: string;
  state: 'captured' | 'authorised' | 'failed' | 'canceled';
  message: string | null;
  capturedCents: number;
  refundedCents: number;
}

/**
 * Where the test-mode provider keeps its charges. In the database, every process (and one
 * restarted after a crash) answers a key the same way, and reconciliation can ask what
 * happened; in memory for unit tests.
 */
export interface TestLedger {
  /** Record `charge` unless its key is known; answers the row that holds the key. */
  claim(charge: TestCharge): Promise<TestCharge>;
  byKey(key: string): Promise<TestCharge | undefined>;
  byReference(reference: string): Promise<TestCharge | undefined>;
  /**
   * Move a charge on when it is in one of `from` (guarded, so two concurrent calls cannot both
   * do it); answers whether it moved.
   */
  move(
    reference: string,
    from: TestCharge['state'][],
    change: { state?: TestCharge['state']; captureCents?: number; refundCents?: number },
  ): Promise<boolean>;
}

export function memoryLedger(): TestLedger {
  const rows = new Map<string, TestCharge>();
  const find = (reference: string) => [...rows.values()].find((r) => r.reference === reference);
  return {
    async claim(charge) {
      const seen = rows.get(charge.idempotencyKey);
      if (seen) return seen;
      rows.set(charge.idempotencyKey, { ...charge });
      return charge;
    },
    async byKey(key) {
      return rows.get(key);
    },
    async byReference(reference) {
      return find(reference);
    },
    async move(reference, from, change) {
      const row = find(reference);
      if (!row || !from.includes(row.state)) return false;
      const refunded = row.refundedCents + (change.refundCents ?? 0);
      if (refunded > row.capturedCents + (change.captureCents ?? 0)) return false;
      if (change.state) row.state = change.state;
      row.capturedCents += change.captureCents ?? 0;
      row.refundedCents = refunded;
      return true;
    },
  };
}

export function databaseLedger(db: Database): TestLedger {
  const t = testModeCharges;
  const asCharge = (row: typeof t.$inferSelect): TestCharge => ({
    ...row,
    state: row.state as TestCharge['state'],
  });
  return {
    async claim(charge) {
      const inserted = await db.insert(t).values(charge).onConflictDoNothing().returning();
      if (inserted[0]) return asCharge(inserted[0]);
      const [row] = await db.select().from(t).where(eq(t.idempotencyKey, charge.idempotencyKey));
      if (!row) throw new Error('test charge vanished after a conflicting insert');
      return asCharge(row);
    },
    async byKey(key) {
      const [row] = await db.select().from(t).where(eq(t.idempotencyKey, key));
      return row && asCharge(row);
    },
    async byReference(reference) {
      const [row] = await db.select().from(t).where(eq(t.reference, reference)).limit(1);
      return row && asCharge(row);
    },
    async move(reference, from, change) {
      const capture = change.captureCents ?? 0;
      const refund = change.refundCents ?? 0;
      const moved = await db
        .update(t)
        .set({
          ...(change.state ? { state: change.state } : {}),
          capturedCents: sql`${t.capturedCents} + ${capture}`,
          refundedCents: sql`${t.refundedCents} + ${refund}`,
        })
        .where(
          and(
            eq(t.reference, reference),
            sql`${t.state} in (${sql.join(
              from.map((s) => sql`${s}`),
              sql`, `,
            )})`,
            sql`${t.refundedCents} + ${refund} <= ${t.capturedCents} + ${capture}`,
          ),
        )
        .returning({ reference: t.reference });
      return moved.length > 0;
    },
  };
}
