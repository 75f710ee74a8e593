import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/index';

/** How long a key's first answer is replayed (as Stripe does). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/**
 * A request still marked running after this long died with its process (a handler answers
 * in seconds): a retry may take its key over instead of waiting out the day.
 */
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;

export interface KeyScope {
  websiteId: string;
  caller: string;
  route: string;
  key: string;
}

export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
}

export type Claim =
  /** This request runs; its answer is to be stored under `id`. */
  | { kind: 'run'; id: string }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used for another request (path or body). */
  | { kind: 'mismatch' }
  /** The first request with the key has not answered yet. */
  | { kind: 'in-flight' };

const olderThan = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

/**
 * Claim a key for a request (autocommitted statements, so concurrent twins see each other):
 * the first claim inserts the row and runs; a later one with the same request gets the stored
 * answer, or waits its turn while the first still runs. An expired key (or a running one
 * whose process died) is taken over by the request that finds it.
 */
export async function claimKey(db: Database, scope: KeyScope, requestHash: string): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash })
      .onConflictDoNothing({
        target: [
          idempotencyKeys.websiteId,
          idempotencyKeys.caller,
          idempotencyKeys.route,
          idempotencyKeys.key,
        ],
      })
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'run', id: inserted.id };
    const where = and(
      eq(idempotencyKeys.websiteId, scope.websiteId),
      eq(idempotencyKeys.caller, scope.caller),
      eq(idempotencyKeys.route, scope.route),
      eq(idempotencyKeys.key, scope.key),
    );
    // Judged by the database's clock, as the rows were stamped.
    const [row] = await db
      .select({
        found: idempotencyKeys,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < ${olderThan(IDEMPOTENCY_TTL_MS)}`,
      })
      .from(idempotencyKeys)
      .where(where);
    if (!row) continue; // released meanwhile: claim again
    const { found } = row;
    if (row.expired) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.id, found.id), lt(idempotencyKeys.createdAt, olderThan(IDEMPOTENCY_TTL_MS))),
        );
      continue;
    }
    if (found.requestHash !== requestHash) return { kind: 'mismatch' };
    if (found.statusCode !== null)
      return {
        kind: 'replay',
        answer: {
          statusCode: found.statusCode,
          contentType: found.contentType,
          body: found.responseBody ?? '',
        },
      };
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ startedAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.id, found.id),
          isNull(idempotencyKeys.statusCode),
          lt(idempotencyKeys.startedAt, olderThan(IDEMPOTENCY_STALE_MS)),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    return taken ? { kind: 'run', id: taken.id } : { kind: 'in-flight' };
  }
  return { kind: 'in-flight' };
}

/** The answer the claimed request gave: replayed to every retry with the key. */
export async function storeAnswer(db: Database, id: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, contentType: answer.contentType, responseBody: answer.body })
    .where(eq(idempotencyKeys.id, id));
}

/** The request did not finish (a failure worth retrying): the key is free for the retry. */
export async function releaseKey(db: Database, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.statusCode)));
}

/** The scheduled clean-up: keys past their day are never replayed again. */
export async function pruneIdempotencyKeys(db: Database): Promise<{ deleted: number }> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, olderThan(IDEMPOTENCY_TTL_MS)))
    .returning({ id: idempotencyKeys.id });
  return { deleted: gone.length };
}
