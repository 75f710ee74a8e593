import { type SQL, and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { type MailRouter, fixedRouter } from './mail-router';

export interface MailMessage {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** The HTML part (the text becomes its plain-text alternative). */
  html?: string;
  /** Files sent with it (a booking's `.ics` invitation). */
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Extra headers (List-Unsubscribe); names and values are checked when queued. */
  headers?: Record<string, string>;
  /**
   * The same on every attempt of one queued message: a message sent again after a crash
   * between the server's acceptance and our record of it is one message to the mailbox.
   */
  messageId?: string;
}

/** `<outbox.<id>@<sender's domain>>`: stable per queued message (RFC 5322 msg-id). */
export function outboxMessageId(id: string, from: MailMessage['from']): string {
  const address = typeof from === 'string' ? from : from.address;
  const domain = /@([^\s>]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
  return `<outbox.${id}@${domain}>`;
}

export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
}

export const MAX_ATTEMPTS = 8;
/** 5 s, 10 s, 20 s … capped at one hour between attempts. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A claimed message is retried by any worker once this lease runs out (crash mid-send). */
const LEASE_MS = 60_000;

const isTransport = (value: MailRouter | MailTransport): value is MailTransport => 'sendMail' in value;

/** Messages claimed per round; a campaign's thousands go out round after round. */
const BATCH = 30;
/**
 * Messages in flight at once: the pooled SMTP connections (3 per site's own server, 5 for
 * SMTP_URL) each carry one conversation, so sending one by one left all but one idle.
 */
const IN_FLIGHT = 5;

/**
 * Claim due messages (FOR UPDATE SKIP LOCKED: several workers never take the same one),
 * send them through each site's connection (the router: the site's own SMTP server, else
 * SMTP_URL), a few at a time, and record each outcome as it comes. Only mail this process
 * can send is claimed; the rest waits. Returns how many were sent. A bare transport sends
 * every site's mail through it.
 */
export async function deliverDue(
  db: Database,
  through: MailRouter | MailTransport,
  batch = BATCH,
): Promise<number> {
  const router = isTransport(through) ? fixedRouter(db, through) : through;
  const now = new Date();
  const sendable: SQL | undefined = router.claimable();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'PENDING'),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
        sendable,
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
  const routes = new Map<string, ReturnType<MailRouter['routeFor']>>();
  const routeFor = (websiteId: string) => {
    const known = routes.get(websiteId);
    if (known) return known;
    const route = router.routeFor(websiteId);
    routes.set(websiteId, route);
    return route;
  };
  let next = 0;
  let sent = 0;
  const lane = async () => {
    for (let message = claimed[next++]; message; message = claimed[next++]) {
      if (await deliverOne(db, message, routeFor(message.websiteId))) sent += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, claimed.length) }, lane));
  return sent;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** Send one claimed message and record the outcome: sent, or back to pending with a backoff. */
async function deliverOne(
  db: Database,
  message: OutboxRow,
  route: ReturnType<MailRouter['routeFor']>,
): Promise<boolean> {
  try {
    const chosen = await route;
    if (!chosen.ok) throw new Error(chosen.error);
    await chosen.transport.sendMail({
      from: message.fromName ? { ...chosen.from, name: message.fromName } : chosen.from,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      ...(message.htmlBody ? { html: message.htmlBody } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      messageId: outboxMessageId(message.id, chosen.from),
    });
    await db
      .update(emailOutbox)
      .set({ status: 'SENT', sentAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(emailOutbox.id, message.id));
    return true;
  } catch (error) {
    const failed = message.attempts >= MAX_ATTEMPTS;
    const chosen = await route.catch(() => null);
    await db
      .update(emailOutbox)
      .set({
        status: failed ? 'FAILED' : 'PENDING',
        lockedUntil: null,
        nextAttemptAt: new Date(Date.now() + backoffMs(message.attempts)),
        lastError: (chosen?.ok
          ? chosen.describe(error, message.toAddress)
          : String((error as Error).message ?? error)
        ).slice(0, 500),
      })
      .where(eq(emailOutbox.id, message.id));
    return false;
  }
}
