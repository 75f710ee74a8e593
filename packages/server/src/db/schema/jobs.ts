import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each scheduled job last ran (services/jobs): every server process checks on a timer,
 * and the row, read under an advisory lock, makes one run per period across all processes
 * and restarts.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }).notNull(),
});
