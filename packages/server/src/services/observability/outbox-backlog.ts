import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';

/** Mail waiting in the outbox across every site: pending (to send) and failed (given up). */
export async function outboxBacklog(db: Database): Promise<{ pending: number; failed: number }> {
  const rows = await selectRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from email_outbox where status in ('PENDING', 'FAILED') group by status`,
  );
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: count('PENDING'), failed: count('FAILED') };
}
