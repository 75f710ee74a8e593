import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { type MailMessage, deliverDue } from '../../src/services/outbox/outbox-worker';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { emptyDatabase } from '../helpers/empty-database';
import { backends, uniqueHost } from '../helpers/test-db';

describe.each(backends)('outbox delivery rounds on %s', (backend) => {
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

  async function queue(count: number, prefix: string): Promise<string[]> {
    const rows = await database.database.db
      .insert(emailOutbox)
      .values(
        Array.from({ length: count }, (_, i) => ({
          websiteId,
          kind: 'campaign',
          toAddress: `${prefix}-${i}@example.com`,
          subject: 'Hi',
          textBody: 'Hello',
        })),
      )
      .returning({ id: emailOutbox.id });
    return rows.map((r) => r.id);
  }

  it('keeps several messages in flight on the pooled connections, never more than five', async () => {
    const ids = await queue(12, 'slow');
    let inFlight = 0;
    let most = 0;
    const delivered: string[] = [];
    const slow = {
      async sendMail(message: MailMessage) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight -= 1;
        delivered.push(message.to);
      },
    };
    expect(await deliverDue(database.database.db, slow, 12)).toBe(12);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(5);
    expect(new Set(delivered).size).toBe(12);
    const rows = await database.database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
  });

  it('records a refusal for its own message only; the others of the round are sent', async () => {
    const ids = await queue(6, 'mixed');
    const refused = 'mixed-2@example.com';
    const transport = {
      async sendMail(message: MailMessage) {
        await new Promise((r) => setTimeout(r, 5));
        if (message.to === refused) throw new Error('550 mailbox unavailable');
      },
    };
    expect(await deliverDue(database.database.db, transport, 6)).toBe(5);
    const rows = await database.database.db
      .select({ to: emailOutbox.toAddress, status: emailOutbox.status, error: emailOutbox.lastError })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids));
    const failed = rows.filter((r) => r.status !== 'SENT');
    expect(failed).toEqual([{ to: refused, status: 'PENDING', error: expect.stringContaining('550') }]);
    await database.database.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, refused));
  });
});
