import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { type MailMessage, deliverDue, outboxMessageId } from '../../src/services/outbox/outbox-worker';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { emptyDatabase } from '../helpers/empty-database';
import { backends, uniqueHost } from '../helpers/test-db';

describe('outboxMessageId', () => {
  it("is the queued message's id at the sender's domain, whatever form the sender takes", () => {
    expect(outboxMessageId('abc', { name: 'Shop', address: 'hello@shop.example' })).toBe(
      '<outbox.abc@shop.example>',
    );
    expect(outboxMessageId('abc', 'Shop <hello@shop.example>')).toBe('<outbox.abc@shop.example>');
    expect(outboxMessageId('abc', 'no-at-sign')).toBe('<outbox.abc@localhost>');
  });
});

describe.each(backends)('a message sent again after a crash on %s', (backend) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let websiteId: string;
  beforeAll(async () => {
    database = await emptyDatabase(backend);
    const host = uniqueHost();
    websiteId = await seedDemoSite(database.database.db, {
      identifier: host,
      hosts: [host],
      isDefault: false,
    });
  }, 120_000);
  afterAll(() => database?.drop());

  it('carries the same Message-ID both times, so the mailbox holds one message', async () => {
    const db = database.database.db;
    const [row] = await db
      .insert(emailOutbox)
      .values({
        websiteId,
        kind: 'campaign',
        toAddress: 'reader@example.com',
        subject: 'Hi',
        textBody: 'Hello',
      })
      .returning({ id: emailOutbox.id });
    const sent: MailMessage[] = [];
    // The server accepts the message, then this process dies before recording it: the row
    // stays claimed and unsent, and another worker takes it once the lease runs out.
    const dying = {
      async sendMail(message: MailMessage) {
        sent.push(message);
        throw new Error('process killed after the server accepted the message');
      },
    };
    await deliverDue(db, dying);
    await db
      .update(emailOutbox)
      .set({ lockedUntil: null, nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.id, row?.id ?? ''));
    await deliverDue(db, { sendMail: async (message: MailMessage) => sent.push(message) });
    expect(sent).toHaveLength(2);
    expect(sent[0]?.messageId).toMatch(/^<outbox\.[^@]+@[^>]+>$/);
    expect(sent[1]?.messageId).toBe(sent[0]?.messageId);
    const [after] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.id ?? ''));
    expect(after?.status).toBe('SENT');
  });
});
