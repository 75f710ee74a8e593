import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox, websites } from '../../db/schema/index';

export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

export const MAX_ATTEMPTS = 8;
/** 5 s, 10 s, 20 s … capped at one hour between attempts. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A claimed message is retried by any worker once this lease runs out (crash mid-send). */
const LEASE_MS = 60_000;

/**
 * Claim due messages (FOR UPDATE SKIP LOCKED: several workers never take the same one),
 * send them, and record the outcome. Returns how many were sent.
 */
export async function deliverDue(db: Database, transport: MailTransport, batch = 10): Promise<number> {
  const now = new Date();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'PENDING'),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, due))
    .returning();
  let sent = 0;
  for (const message of claimed) {
    const [site] = await db
      .select({ title: websites.siteTitle, hosts: websites.hosts })
      .from(websites)
      .where(eq(websites.id, message.websiteId));
    const host = site?.hosts[0];
    const domain = host?.includes('.') ? host : 'localhost.localdomain';
    const name = (site?.title ?? 'Store').replace(/["\r\n<>]/g, '');
    try {
      await transport.sendMail({
        from: `"${name}" <no-reply@${domain}>`,
        to: message.toAddress,
        subject: message.subject,
        text: message.textBody,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'SENT', sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, message.id));
      sent += 1;
    } catch (error) {
      const failed = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: failed ? 'FAILED' : 'PENDING',
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + backoffMs(message.attempts)),
          lastError: String((error as Error).message ?? error).slice(0, 500),
        })
        .where(eq(emailOutbox.id, message.id));
    }
  }
  return sent;
}
