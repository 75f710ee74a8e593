import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns } from '../src/db/schema/jobs';
import { runIfDue, type ScheduledJob } from '../src/services/jobs/run-if-due';
import { scheduledJobs } from '../src/services/jobs/scheduler-plugin';
import { backends, testDatabase } from './helpers/test-db';

const HOUR = 3_600_000;

function countingJob(name: string, everyMs = 24 * HOUR) {
  const calls: number[] = [];
  const job: ScheduledJob = {
    name,
    everyMs,
    run: async () => {
      calls.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return calls.length;
    },
  };
  return { job, calls };
}

describe.each(backends)('scheduled jobs (%s)', (backend) => {
  it('runs once per period, remembered across processes and restarts', async () => {
    const { db } = await testDatabase(backend);
    const { job, calls } = countingJob(`test-${crypto.randomUUID()}`);
    const t0 = new Date('2026-01-01T03:00:00Z');
    expect(await runIfDue(db, job, t0)).toEqual({ ran: true, result: 1 });
    expect(await runIfDue(db, job, new Date(t0.getTime() + 23 * HOUR))).toEqual({
      ran: false,
      reason: 'NOT_DUE',
    });
    expect(await runIfDue(db, job, new Date(t0.getTime() + 24 * HOUR))).toEqual({ ran: true, result: 2 });
    expect(calls).toHaveLength(2);
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    expect(row?.lastRunAt.toISOString()).toBe('2026-01-02T03:00:00.000Z');
  });

  it('runs one at a time when several processes check at once', async () => {
    const { db } = await testDatabase(backend);
    const { job, calls } = countingJob(`test-${crypto.randomUUID()}`);
    const outcomes = await Promise.all([runIfDue(db, job), runIfDue(db, job), runIfDue(db, job)]);
    expect(calls).toHaveLength(1);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
  });

  it('schedules the daily tracking retention', async () => {
    const retention = scheduledJobs.find((j) => j.name === 'tracking-retention');
    expect(retention?.everyMs).toBe(24 * HOUR);
    const { db } = await testDatabase(backend);
    const result = await retention?.run(db);
    expect(result).toMatchObject({ events: expect.any(Number), performance: expect.any(Number) });
  });
});
