import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { ApiError } from '../../errors';

/**
 * Put a FAILED message back in the queue: PENDING, due now, with a fresh set of attempts
 * (otherwise the worker would give up after one more try). The last error stays visible
 * until the next attempt replaces it. Only failed mail is retried: pending mail is already
 * queued and sent mail would go out twice.
 */
export async function retryMessage(db: Database, websiteId: string, id: string) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.status, 'FAILED')),
    )
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId)));
  if (!exists) throw new ApiError('NOT_FOUND', 'No such message.');
  throw new ApiError(
    'CONFLICT',
    `Only a failed message can be retried; this one is ${exists.status.toLowerCase()}.`,
  );
}

export const TEST_MAIL = {
  subject: 'Test message from your store',
  text: 'This is a test message. Your store can send mail through its SMTP server.',
  sent: (to: string) => `A test message was sent to ${to}.`,
  failed: (error: string) => `The test message was not sent: ${error}`,
  queued:
    'Mail is queued and not delivered: no SMTP server is configured (set SMTP_URL). The test message waits in the outbox.',
};

/**
 * Send a test message to the owner now, straight through SMTP_URL (not via the queue, so the
 * answer is the server's own verdict), and record it in the outbox as sent or failed. Without
 * SMTP_URL the message is queued like any other mail and the owner is told it is not delivered.
 */
export async function sendTestMail(
  db: Database,
  site: { id: string; from: string },
  smtpUrl: string | undefined,
  to: string,
): Promise<{ outcome: 'sent' | 'failed' | 'queued'; to: string; message: string }> {
  const base = {
    websiteId: site.id,
    kind: 'smtp-test',
    toAddress: to,
    subject: TEST_MAIL.subject,
    textBody: TEST_MAIL.text,
  };
  if (!smtpUrl) {
    await db.insert(emailOutbox).values(base);
    return { outcome: 'queued', to, message: TEST_MAIL.queued };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  try {
    await transport.sendMail({ from: site.from, to, subject: TEST_MAIL.subject, text: TEST_MAIL.text });
    await db.insert(emailOutbox).values({ ...base, status: 'SENT', attempts: 1, sentAt: new Date() });
    return { outcome: 'sent', to, message: TEST_MAIL.sent(to) };
  } catch (error) {
    const reason = String((error as Error).message ?? error).slice(0, 500);
    await db.insert(emailOutbox).values({ ...base, status: 'FAILED', attempts: 1, lastError: reason });
    return { outcome: 'failed', to, message: TEST_MAIL.failed(reason) };
  } finally {
    transport.close();
  }
}
