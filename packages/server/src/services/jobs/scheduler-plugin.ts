import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneIdempotencyKeys } from '../idempotency/idempotency-store';
import { pruneTracking } from '../tracking/retention';
import { pruneSessionReplays } from '../session-replay/replay-store';
import { bookingTimer } from '../scheduling/booking-timer';
import { renewalTimer } from '../subscriptions/renewal-timer';
import { publishTimer } from './publish-timer';
import { runIfDue, type ScheduledJob } from './run-if-due';
import { deleteStaleRows } from './stale-rows';

const DAY_MS = 86_400_000;

/** The jobs every server process schedules; runIfDue keeps each to one run per period. */
export const scheduledJobs: readonly ScheduledJob[] = [
  { name: 'tracking-retention', everyMs: DAY_MS, run: (db) => pruneTracking(db) },
  // Recorded sessions are tracking data: the same retention, the same daily run.
  { name: 'session-replay-retention', everyMs: DAY_MS, run: (db) => pruneSessionReplays(db) },
  // Idempotency keys past their day are ignored when met; this removes them.
  { name: 'idempotency-keys', everyMs: DAY_MS / 24, run: (db) => pruneIdempotencyKeys(db) },
  // Expired sessions and abandoned carts: hourly, so each run's bounded batches keep up.
  { name: 'stale-rows', everyMs: DAY_MS / 24, run: (db) => deleteStaleRows(db) },
];

/**
 * Checks the scheduled jobs a minute after start and then every hour (timers unref'd, so
 * they never keep a process alive); a failure is logged and retried at the next check.
 * Pages scheduled for later are published on time by their own timer (publish-timer.ts).
 */
export const jobScheduler = fp(
  async (app: FastifyInstance, options: { checkEveryMs?: number; firstCheckMs?: number } = {}) => {
    const db = app.database.db;
    await app.register(publishTimer);
    await app.register(bookingTimer);
    // Subscriptions that renew: charged when due, each cycle once (subscriptions/renewals.ts).
    await app.register(renewalTimer);
    let running: Promise<void> | null = null;
    const check = () => {
      running ??= (async () => {
        for (const job of scheduledJobs) {
          try {
            const outcome = await runIfDue(db, job);
            if (outcome.ran) app.log.info({ job: job.name, result: outcome.result }, 'scheduled job ran');
          } catch (error) {
            app.log.warn({ err: error, job: job.name }, 'scheduled job failed; will retry');
          }
        }
      })().finally(() => {
        running = null;
      });
    };
    const first = setTimeout(check, options.firstCheckMs ?? 60_000);
    const timer = setInterval(check, options.checkEveryMs ?? 3_600_000);
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    });
  },
);
