import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobRuns } from '../../db/schema/jobs';

export interface ScheduledJob {
  name: string;
  /** How often it runs, in milliseconds. */
  everyMs: number;
  run(db: Database): Promise<unknown>;
}

export type JobOutcome =
  | { ran: true; result: unknown }
  | { ran: false; reason: 'NOT_DUE' | 'RUNNING_ELSEWHERE' };

/** A stable 63-bit advisory lock key per job name. */
function lockKey(name: string): bigint {
  return BigInt.asIntN(
    64,
    BigInt(`0x${createHash('sha256').update(`job:${name}`).digest('hex').slice(0, 16)}`),
  );
}

/**
 * Run `job` when its period has passed since the last run recorded by any process. The
 * transaction-scoped advisory lock means one process at a time: another process that checks
 * meanwhile gets RUNNING_ELSEWHERE and, afterwards, NOT_DUE.
 */
export async function runIfDue(db: Database, job: ScheduledJob, now = new Date()): Promise<JobOutcome> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
    const row = (locked as unknown as { rows: { locked: boolean }[] }).rows[0];
    if (!row?.locked) return { ran: false, reason: 'RUNNING_ELSEWHERE' } as const;
    const [last] = await tx.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    if (last && now.getTime() - last.lastRunAt.getTime() < job.everyMs)
      return { ran: false, reason: 'NOT_DUE' } as const;
    const result = await job.run(tx as unknown as Database);
    await tx
      .insert(jobRuns)
      .values({ name: job.name, lastRunAt: now })
      .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: now } });
    return { ran: true, result } as const;
  });
}
