import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { selectRows } from '../../db/rows';
import { queueReminder } from './booking-mail';

const HOUR_MS = 3_600_000;

/** Reminders claimed per statement (the next run takes the rest). */
export const REMINDER_BATCH = 200;

const LEADS = {
  '24h': { ms: 24 * HOUR_MS, column: sql.raw('reminder_24h_sent_at'), before: 1 * HOUR_MS },
  '1h': { ms: 1 * HOUR_MS, column: sql.raw('reminder_1h_sent_at'), before: 0 },
} as const;

export type ReminderLead = keyof typeof LEADS;

/**
 * Claim the confirmed bookings whose `lead` reminder is due and not yet sent, with one
 * UPDATE … SET reminder_…_sent_at = now WHERE … IS NULL RETURNING: a row is claimed by one
 * transaction only (another process waiting on its lock re-checks the IS NULL and skips it),
 * and the mail is queued in the same transaction, so each reminder goes exactly once across
 * processes and restarts (a rollback un-claims it for the next run).
 *
 * Due: the start is at most `lead` away and still ahead (and, for the day-before reminder,
 * more than an hour away: the hour-before one covers the rest); the booking was made at least
 * `lead` before its start (nobody is reminded a day ahead of a booking made that morning).
 */
async function claimDue(tx: Tx, lead: ReminderLead, now: Date): Promise<string[]> {
  const { ms, column, before } = LEADS[lead];
  const latestStart = new Date(now.getTime() + ms);
  const earliestStart = new Date(now.getTime() + before);
  const due: SQL = sql`
    select id from scheduling_bookings
    where status = 'confirmed' and ${column} is null
      and starts_at > ${earliestStart.toISOString()}::timestamptz
      and starts_at <= ${latestStart.toISOString()}::timestamptz
      and created_at <= starts_at - ${`${ms} milliseconds`}::interval
    order by starts_at
    limit ${REMINDER_BATCH}
    for update skip locked`;
  const claimed = await selectRows<{ id: string }>(
    tx,
    sql`
    update scheduling_bookings set ${column} = ${now.toISOString()}::timestamptz
    where id in (${due}) and ${column} is null and status = 'confirmed'
    returning id`,
  );
  return claimed.map((r) => r.id);
}

/** Send the reminders that are due at `now` (the scheduler's job; tests pass their clock). */
export async function sendDueReminders(
  db: Database,
  now = new Date(),
): Promise<Record<ReminderLead, number>> {
  const sent: Record<ReminderLead, number> = { '24h': 0, '1h': 0 };
  for (const lead of Object.keys(LEADS) as ReminderLead[]) {
    for (;;) {
      const count = await retryTransaction(db, async (tx) => {
        const ids = await claimDue(tx, lead, now);
        for (const id of ids) await queueReminder(tx, id, lead);
        return ids.length;
      });
      sent[lead] += count;
      if (count < REMINDER_BATCH) break;
    }
  }
  return sent;
}
