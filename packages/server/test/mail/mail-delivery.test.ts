import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { emptyDatabase } from '../helpers/empty-database';
import { backends } from '../helpers/test-db';
import { placedOrder } from '../orders/orders-helpers';
import { sessionOf } from '../restock-helpers';
import { type LocalSmtp, TEST_SECRETS_KEY, partsOf, startSmtp, waitFor } from './mail-helpers';

const PASSWORD = 'site-smtp-Pa55!';

describe.each(backends)(
  'mail through the site’s own SMTP server, HTML with a text part, on %s',
  {
    timeout: 90_000,
  },
  (backend) => {
    let own: LocalSmtp;
    let site: TestSite;
    let owner: Record<string, string>;
    let database: Awaited<ReturnType<typeof emptyDatabase>>;

    const settings = (smtp: unknown) =>
      site.request({
        method: 'PUT',
        url: '/api/owner/mail-settings',
        cookies: owner,
        payload: {
          publicAddress: 'https://shop.example.com',
          senderName: 'Juniper & Oak Shop',
          senderAddress: 'hello@shop.example.com',
          smtp,
        },
      });

    beforeAll(async () => {
      own = await startSmtp({ users: { mailer: PASSWORD } });
      // A database of its own: servers and apps of other files share the test database, and
      // their outbox workers (with other secrets keys) would claim this site's mail.
      database = await emptyDatabase(backend);
      site = await createTestSite(backend, {
        config: { secretsKey: TEST_SECRETS_KEY },
        database: database.database,
      });
      owner = { siteUserSession: await sessionOf(site, 'owner') };
      const styles = await site.request({
        method: 'PUT',
        url: '/api/studio/site-styles',
        cookies: owner,
        payload: {
          accentColor: '#b4235a',
          textColor: '#222222',
          backgroundColor: '#fffaf0',
          buttonShape: 'square',
        },
      });
      expect(styles.statusCode, styles.body).toBeLessThan(300);
      const saved = await settings({
        host: '127.0.0.1',
        port: own.port,
        security: 'none',
        user: 'mailer',
        password: PASSWORD,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    afterAll(async () => {
      await site.app.close();
      await own.close();
      await database?.drop();
    });

    it('a receipt goes through the site’s server (signed in as its user), from its sender, as HTML and text', async () => {
      const buyer = `own-smtp-${backend}-${Date.now()}@example.com`;
      const order = await placedOrder(site, { email: buyer });
      const mail = await waitFor(() => own.received.find((m) => m.to.includes(buyer)));
      expect(mail.user).toBe('mailer');
      expect(mail.from).toBe('hello@shop.example.com');

      const { headers, html, text } = partsOf(mail.raw);
      expect(headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(headers.from).toContain('hello@shop.example.com');
      expect(headers.from).toMatch(/Juniper & Oak Shop|=\?UTF-8\?/);
      // The text part is the receipt as written; the HTML part says the same in the site's look.
      expect(text).toContain(`Order #${order.order.orderNumber}`);
      expect(text).toContain(`https://shop.example.com/commerce/orders/${order.id}?token=`);
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`Order #${order.order.orderNumber}`);
      expect(html).toContain('Classic Tee');
      expect(html).toContain('rgb(180, 35, 90)'); // the accent colour #b4235a
      expect(html).toContain('background:rgb(255, 250, 240)'); // the background #fffaf0
      expect(html).toContain('Juniper &amp; Oak'); // the site title, escaped
      expect(html).toMatch(
        /<a href="https:\/\/shop\.example\.com\/commerce\/orders\/[^"]+"[^>]*>Order status<\/a>/,
      );
      expect(html).not.toMatch(/<script|<link|<style|@import|url\(/i);
      const loaded = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(loaded).toEqual([]); // no logo set: nothing is loaded from anywhere
    });

    it('with the site’s server cleared, its mail no longer goes through it', async () => {
      expect((await settings(null)).statusCode).toBe(200);
      const buyer = `cleared-${backend}-${Date.now()}@example.com`;
      await placedOrder(site, { email: buyer });
      // (It waits for SMTP_URL: this app has none; mail-router.test.ts checks that route.)
      await new Promise((r) => setTimeout(r, 3_000));
      expect(own.received.some((m) => m.to.includes(buyer))).toBe(false);
    });

    it('a message the site’s server refuses stays queued with the reason in words', async () => {
      const saved = await settings({
        host: '127.0.0.1',
        port: own.port,
        security: 'none',
        user: 'mailer',
        password: 'wrong',
      });
      expect(saved.statusCode).toBe(200);
      const buyer = `refused-${backend}-${Date.now()}@example.com`;
      await placedOrder(site, { email: buyer });
      const { db } = site.app.database;
      const failed = await (async () => {
        for (let i = 0; i < 150; i++) {
          const [m] = await db
            .select()
            .from(emailOutbox)
            .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, buyer)));
          if (m?.lastError) return m;
          await new Promise((r) => setTimeout(r, 200));
        }
        throw new Error('never attempted');
      })();
      expect(failed.status).toBe('PENDING');
      expect(failed.lastError).toBe(
        'The SMTP server refused the user name or password (535 Invalid username or password).',
      );
      // Fixed: it goes on the next attempt.
      await settings({
        host: '127.0.0.1',
        port: own.port,
        security: 'none',
        user: 'mailer',
        password: PASSWORD,
      });
      await db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, failed.id));
      await waitFor(() => own.received.find((m) => m.to.includes(buyer)));
    });
  },
);
