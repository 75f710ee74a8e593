import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { campaignRecipients, emailOutbox } from '../../src/db/schema/index';
import { mailingLists } from '../../src/db/schema/newsletter';
import { joinList } from '../../src/services/lists/members';
import { type MailMessage, deliverDue } from '../../src/services/outbox/outbox-worker';

/** A list of this site with `emails` subscribed (as an import would add them). */
export async function listWith(db: Database, websiteId: string, name: string, emails: readonly string[]) {
  const [list] = await db.insert(mailingLists).values({ websiteId, name }).returning({ id: mailingLists.id });
  if (!list) throw new Error('no list');
  for (const email of emails) await joinList(db, { websiteId, listId: list.id, email, source: 'import' });
  return list.id;
}

export const emails = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}@example.com`);

export const blocks = [
  {
    type: 'text' as const,
    html: '<p>Hello <strong>friends</strong>, <a href="https://example.com/x">see</a></p>',
  },
  { type: 'button' as const, label: 'Shop the sale', url: 'https://shop.example/sale' },
  { type: 'divider' as const },
];

/** Every campaign mail of a site in the outbox, by recipient address. */
export async function outboxTo(db: Database, websiteId: string) {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, websiteId));
  return rows.filter((r) => r.kind === 'campaign');
}

export async function recipientsOf(db: Database, campaignId: string) {
  return db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
}

/** Deliver the outbox through a transport that records what it was given. */
export async function deliverAll(db: Database, fail: (to: string) => boolean = () => false) {
  const sent: MailMessage[] = [];
  const transport = {
    async sendMail(message: MailMessage) {
      if (fail(message.to)) throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
      sent.push(message);
    },
  };
  while ((await deliverDue(db, transport, 50)) > 0) {}
  return sent;
}
