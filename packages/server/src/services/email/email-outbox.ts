import type { Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

/** What a queued message is about (the owner's outbox view filters and labels by it). */
export type EmailKind =
  | 'form-submission'
  | 'restock'
  | 'order-receipt'
  | 'order-notice'
  | 'order-shipped'
  | 'order-canceled'
  | 'order-refunded'
  | 'gift-card'
  | 'contributor-invitation';

export interface OutgoingEmail {
  websiteId: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
}

/**
 * Queue mail in the caller's transaction (transactional outbox): it is delivered only if
 * the change commits, and survives restarts until the worker has sent it.
 */
export async function enqueueEmail(tx: Tx, mail: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values({
    websiteId: mail.websiteId,
    kind: mail.kind,
    toAddress: mail.to,
    // Header injection guard: a subject is one line.
    subject: mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
    textBody: mail.text,
  });
}
