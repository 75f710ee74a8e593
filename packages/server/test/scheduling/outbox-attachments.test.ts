import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { enqueueEmail } from '../../src/services/email/email-outbox';
import { outboxMessageView } from '../../src/services/email/outbox-view';
import { deliverDue } from '../../src/services/outbox/outbox-worker';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { backends, testDatabase, uniqueHost } from '../helpers/test-db';
import { type LocalSmtp, parseMime, startSmtp, waitFor } from '../mail/mail-helpers';

const ICS =
  'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:booking-x@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe.each(backends)('a queued message with an attachment, on %s', { timeout: 60_000 }, (backend) => {
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('keeps the file with the message and sends it as a MIME part beside the text and HTML', async () => {
    const { db } = await testDatabase(backend);
    const host = uniqueHost();
    const websiteId = await seedDemoSite(db, { identifier: host, hosts: [host], isDefault: false });
    const to = `attach-${backend}-${Date.now()}@example.com`;
    await db.transaction((tx) =>
      enqueueEmail(tx, {
        websiteId,
        kind: 'booking-confirmed',
        to,
        subject: 'Booking confirmed',
        text: 'See the invitation. Manage: https://x.example/m/secret-token',
        secrets: ['https://x.example/m/secret-token'],
        attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: ICS }],
      }),
    );
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row?.attachments).toEqual([
      { filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: ICS },
    ]);
    // The studio's outbox view never shows attachments, and hides the link from roles below Admin.
    const hidden = outboxMessageView(row as NonNullable<typeof row>, false);
    expect(JSON.stringify(hidden)).not.toContain('secret-token');
    expect(JSON.stringify(hidden)).not.toContain('BEGIN:VCALENDAR');

    const transport = nodemailer.createTransport({ url: smtp.url });
    for (let i = 0; i < 50 && !smtp.received.some((m) => m.to.includes(to)); i++)
      await deliverDue(db, transport, 50);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(to)));
    transport.close();
    const { parts } = parseMime(mail.raw);
    const calendar = parts.find((p) => p.type === 'text/calendar');
    expect(calendar?.body.replace(/\r\n/g, '\n')).toBe(ICS.replace(/\r\n/g, '\n'));
    expect(mail.raw).toMatch(/filename="?invite\.ics"?/);
    expect(parts.some((p) => p.type === 'text/plain' && p.body.includes('See the invitation'))).toBe(true);
  });

  it('a message without attachments stores none', async () => {
    const { db } = await testDatabase(backend);
    const host = uniqueHost();
    const websiteId = await seedDemoSite(db, { identifier: host, hosts: [host], isDefault: false });
    const to = `plain-${backend}-${Date.now()}@example.com`;
    await db.transaction((tx) =>
      enqueueEmail(tx, { websiteId, kind: 'restock', to, subject: 'Back', text: 'It is back.' }),
    );
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row?.attachments).toBeNull();
  });
});
