import type { Tx } from '../../db/client';
import { emailOutbox, type MailAttachment } from '../../db/schema/index';
import { type MailLook, renderMailHtml } from './mail-layout';
import { mailLookOf } from './mail-look';

/** What a queued message is about (the owner's outbox view filters and labels by it). */
export type EmailKind =
  | 'form-submission'
  | 'restock'
  | 'order-receipt'
  | 'order-notice'
  | 'order-shipped'
  | 'order-canceled'
  | 'order-refunded'
  | 'order-review-request'
  | 'gift-card'
  | 'contributor-invitation'
  | 'password-reset'
  | 'booking-confirmed'
  | 'booking-rescheduled'
  | 'booking-cancelled'
  | 'booking-reminder'
  | 'booking-staff-notice'
  | 'subscription-payment-failed'
  | 'subscription-cancelled'
  | 'membership-confirmed'
  | 'donation-receipt'
  | 'cart-reminder'
  | 'list-confirmation';

export interface OutgoingEmail {
  websiteId: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  /**
   * The values in the text that give access to something (an invitation or order link, a
   * download link, a gift card code). The outbox shows them only to the owner and admins.
   */
  secrets?: readonly string[];
  /** Files sent with it (a booking's `.ics` invitation). Never shown in the studio's outbox view. */
  attachments?: readonly MailAttachment[];
  /** Extra headers (List-Unsubscribe): a value with a line break is dropped, never sent. */
  headers?: Readonly<Record<string, string>>;
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,60}$/;
function safeHeaders(headers: OutgoingEmail['headers']): Record<string, string> | null {
  const kept = Object.entries(headers ?? {}).filter(
    ([name, value]) => HEADER_NAME.test(name) && !/[\r\n]/.test(value) && value.length <= 2000,
  );
  return kept.length ? Object.fromEntries(kept) : null;
}

/** The site's look, read once per transaction however many messages it queues (a checkout queues several). */
const looks = new WeakMap<Tx, Map<string, Promise<MailLook | null>>>();
function lookFor(tx: Tx, websiteId: string): Promise<MailLook | null> {
  const bySite = looks.get(tx) ?? new Map<string, Promise<MailLook | null>>();
  looks.set(tx, bySite);
  const look = bySite.get(websiteId) ?? mailLookOf(tx, websiteId);
  bySite.set(websiteId, look);
  return look;
}

/**
 * Queue mail in the caller's transaction (transactional outbox): it is delivered only if
 * the change commits, and survives restarts until the worker has sent it. Every message gets
 * its HTML part here, made from its text in the site's colours and logo (mail-layout.ts), so
 * each kind of mail, a new one too, goes out as HTML with the text as its plain part.
 */
export async function enqueueEmail(tx: Tx, mail: OutgoingEmail): Promise<void> {
  const subject = mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const look = await lookFor(tx, mail.websiteId);
  await tx.insert(emailOutbox).values({
    websiteId: mail.websiteId,
    kind: mail.kind,
    toAddress: mail.to,
    // Header injection guard: a subject is one line.
    subject,
    textBody: mail.text,
    htmlBody: look ? renderMailHtml(look, { subject, text: mail.text }) : null,
    secrets: [...new Set(mail.secrets ?? [])].filter(Boolean),
    attachments: mail.attachments?.length ? [...mail.attachments] : null,
    headers: safeHeaders(mail.headers),
  });
}
