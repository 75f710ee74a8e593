import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../errors';
import type { Database, Tx } from './client';

/** SQLSTATEs the services answer themselves (see errors.ts for what each becomes at the edge). */
export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/**
 * The SQLSTATE of a failed statement, whichever driver raised it: node-postgres and PGlite put
 * it on the error, Drizzle wraps that error in its own (`cause`).
 */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A deadlock or serialization failure: the database rolled the transaction back, running it again may pass. */
export function isContention(error: unknown): boolean {
  const state = sqlState(error);
  return state === SQLSTATE.deadlockDetected || state === SQLSTATE.serializationFailure;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.uniqueViolation;
}

export interface RetryOptions {
  /** Runs in all, the first included. */
  attempts?: number;
  /** The longest wait before a retry, in ms; each wait is a random part of it (jitter), growing per attempt. */
  maxDelayMs?: number;
}

/** Whether `db` is already a transaction (a nested call would only roll back to a savepoint). */
function isTransaction(db: Database | Tx): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

/**
 * One transaction that survives contention: when PostgreSQL picks it as a deadlock victim or
 * refuses it for serialization, it is run again (a few times, after a random pause so the
 * contenders do not meet again in step). `work` may therefore run more than once: it must
 * have no effect outside the database, or one that is idempotent (a payment charged with an
 * idempotency key). When every attempt lost, the answer is TRY_AGAIN (409), never a 500.
 * Inside an existing transaction it only runs `work` once: the outer one owns the retry.
 */
export async function retryTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  if (isTransaction(db)) return db.transaction(work);
  const attempts = options.attempts ?? 5;
  const maxDelayMs = options.maxDelayMs ?? 40;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isContention(error)) throw error;
      if (attempt >= attempts) throw new ApiError('TRY_AGAIN');
      await sleep(Math.random() * maxDelayMs * attempt);
    }
  }
}
