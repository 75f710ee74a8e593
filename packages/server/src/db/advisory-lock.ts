import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** A stable 64-bit advisory lock key for a name. */
export function advisoryKey(name: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 16)}`));
}

/**
 * Wait for, then hold until the transaction ends, the lock of `name`: transactions that take
 * the same name run their next steps one at a time (e.g. choosing a free slug, then inserting
 * it), so the second sees the first's committed row instead of racing it to a unique index.
 */
export async function lockName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(name)})`);
}
