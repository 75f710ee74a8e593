import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, callFromPage as call, startServer } from './helpers/index';
import { type MailCatcher, startMailCatcher } from './helpers/mail-catcher';
import { type SharedBrowser, launchSharedBrowser, screenshotTo, signInAt } from './helpers/shared-browser';

// A campaign built from blocks goes to a list of subscribers through the outbox at a slow rate;
// the server is killed with SIGKILL in the middle of the send and started again on the same
// data. Every subscriber ends up with one message (by its Message-ID: a message the mail server
// accepted just before the kill may arrive twice, as the same message), none with two different
// ones, and an unsubscribe link from one of them works.

const shot = screenshotTo(process.env.SHOTS_DIR ?? '/work/shots/campaigns');
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SUBSCRIBERS = Array.from({ length: 30 }, (_, i) => `reader${String(i).padStart(2, '0')}@example.com`);
const RATE = 12;
let mail: MailCatcher;
let server: RunningServer;
let restarted: RunningServer | undefined;
let shared: SharedBrowser;
const env = (smtp: string) => ({ SMTP_URL: smtp, CAMPAIGNS_EVERY_MS: '500' });

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: env(mail.url) });
  shared = await launchSharedBrowser(server.url);
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await restarted?.stop();
  await server?.stop();
  await mail?.close();
});

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();
const campaignMail = () => mail.received.filter((m) => /Spring notes/.test(header(m.raw, 'Subject') ?? ''));
const recipientsSoFar = () => new Set(campaignMail().flatMap((m) => m.to)).size;
async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('an e-mail campaign', () => {
  it('reaches every subscriber once, across a SIGKILL mid-send, with a working unsubscribe', {
    timeout: 420_000,
  }, async () => {
    const page = await shared.open({ width: 1280 });
    await signInAt(page, '/config/marketing/campaigns', OWNER);
    const list = await call(page, 'POST', '/api/studio/marketing/lists', { name: 'Spring readers' });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const listId = list.body.list.id as string;
    for (const email of SUBSCRIBERS) {
      const added = await call(page, 'POST', `/api/studio/marketing/lists/${listId}/members`, { email });
      expect(added.status).toBeLessThan(300);
    }
    expect((await call(page, 'PUT', '/api/studio/campaigns/settings', { ratePerMinute: RATE })).status).toBe(
      200,
    );
    const made = await call(page, 'POST', '/api/studio/campaigns', {
      subject: 'Spring notes',
      listIds: [listId],
      blocks: [
        { type: 'text', html: '<p>New <strong>spring</strong> colours are in.</p>' },
        { type: 'button', label: 'See them', url: 'https://shop.example/spring' },
        { type: 'divider' },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    await page.goto(`/config/marketing/campaigns/${id}`);
    await page.getByText('Spring notes').first().waitFor();
    await shot(page, 'e2e-editor');

    const sent = await call(page, 'POST', `/api/studio/campaigns/${id}/schedule`, { at: null });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // The first minute's share is on its way: kill the server while the rest waits its turn.
    await until(() => recipientsSoFar() >= 3, 60_000, 'the first campaign mails');
    await server.kill();
    const beforeKill = recipientsSoFar();
    expect(beforeKill).toBeLessThan(SUBSCRIBERS.length);

    restarted = await startServer({ env: { ...env(mail.url), DATA_DIR: server.dataDir } });
    await until(() => recipientsSoFar() === SUBSCRIBERS.length, 240_000, 'every subscriber');
    // Anything still in flight has arrived (the worker looks every half second).
    await new Promise((r) => setTimeout(r, 3_000));

    const byRecipient = new Map<string, Set<string>>();
    for (const m of campaignMail())
      for (const to of m.to) {
        const ids = byRecipient.get(to) ?? new Set<string>();
        ids.add(header(m.raw, 'Message-ID') ?? 'none');
        byRecipient.set(to, ids);
      }
    console.info(
      `campaign: ${campaignMail().length} deliveries for ${byRecipient.size} subscribers (${beforeKill} reached before the kill)`,
    );
    expect([...byRecipient.keys()].sort()).toEqual(SUBSCRIBERS);
    for (const [to, ids] of byRecipient) expect([...ids], to).toHaveLength(1);

    // One-click headers and an unsubscribe link that works (page 300).
    const first = campaignMail()[0]?.raw ?? '';
    expect(header(first, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The body is quoted-printable: undo its soft line breaks and =XX escapes first.
    const body = first
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const token = /\/newsletter\/unsubscribe\?token=([\w%-]+)/.exec(body)?.[1];
    expect(token).toBeTruthy();
    const visitor = await shared.open({ width: 390 });
    await visitor.goto(`${restarted.url}/newsletter/unsubscribe?token=${token}`);
    expect(await visitor.getAttribute('body', 'data-page-type')).toBe('300');
    await visitor.click('.unsubscribe-box button:not([disabled])');
    await visitor.waitForSelector('text=You have been unsubscribed.');

    const owner = await shared.open({ width: 1280 });
    await signInAt(owner, `${restarted.url}/config/marketing/campaigns/${id}`, OWNER);
    const numbers = await call(owner, 'GET', `/api/studio/campaigns/${id}`);
    expect(numbers.body.numbers).toMatchObject({ recipients: SUBSCRIBERS.length, unsubscribed: 1 });
    await shot(owner, 'e2e-numbers');
  });
});
