import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenOptions,
  type SharedBrowser,
  launchSharedBrowser,
  screenshotTo,
  signInAt,
} from './helpers/shared-browser';
import { describeFindings, seriousViolations } from './helpers/axe';
import {
  type MailCatcher,
  type RunningServer,
  startMailCatcher,
  startServer,
  callFromPage as call,
} from './helpers/index';

// The owner sets up a 45-minute appointment with Mon–Fri 09:00–17:00 hours (the demo site's
// time zone, America/New_York) in the studio; a visitor whose browser is in Tokyo books it,
// gets the confirmation with its invitation (.ics) at the local SMTP server, and moves it
// through the link in the mail; a scheduling viewer sees the booking and can change nothing.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-scheduling';
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const VIEWER = { email: 'calendar@juniper-oak.test', password: 'a scheduling viewer password' };
const VISITOR = { name: 'Aiko Tanaka', email: 'aiko@example.com' };
const VISITOR_ZONE = 'Asia/Tokyo';

let mail: MailCatcher;
let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url }, timeoutMs: 240_000 });
  shared = await launchSharedBrowser(server.url, { timeoutMs: 20_000 });
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
  await mail?.close();
});

const open = (options: OpenOptions = {}) => shared.open(options);

const shot = screenshotTo(SHOTS);

/** The decoded body of a MIME part whose Content-Type starts with `type`. */
function mimePart(raw: string, type: string): string | null {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^content-type:\\s*${type}`, 'im').test(head)) continue;
    const body = part
      .slice(split)
      .trim()
      .replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable')
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    return body;
  }
  return null;
}

/** One property of the VEVENT (unfolded): `DTSTART:20261130T140000Z` → '20261130T140000Z'. */
function icsValue(ics: string, name: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(unfolded)?.[1]?.trim();
}

/** '20261130T140000Z' → the instant. */
const icsInstant = (value = '') =>
  new Date(
    `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`,
  ).toISOString();

async function mailTo(address: string, count: number) {
  await expect
    .poll(() => mail.received.filter((m) => m.to.includes(address)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  return mail.received.filter((m) => m.to.includes(address));
}

/** No serious or critical axe finding on the page as it is now. */
async function clean(page: Page, where: string) {
  const found = await seriousViolations(page);
  expect(found, describeFindings(`${where} at ${page.viewportSize()?.width}`, found)).toEqual([]);
}

let ownerPage: Page;
let pagePath = '';
let bookedStart = '';
let movedStart = '';

describe('scheduling: owner sets up, a visitor in another zone books and moves, a viewer looks', () => {
  it('the owner adds a staff member with Mon–Fri 09:00–17:00 and a 45-minute type in the studio', async () => {
    const page = await open();
    ownerPage = page;
    await signInAt(page, '/config/scheduling/staff', OWNER);
    await page.waitForURL('**/config/scheduling/staff');
    await page.getByRole('link', { name: 'Add staff member' }).click();
    await page.waitForURL('**/config/scheduling/staff/new');
    await page.getByLabel('Name').fill('Dana Reyes');
    // A new staff member starts with office hours: Monday to Friday, 09:00–17:00.
    const weekly = page.getByTestId('weekly-hours');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      expect(await weekly.getByLabel(`${day} range 1 from`).inputValue()).toBe('09:00');
      expect(await weekly.getByLabel(`${day} range 1 to`).inputValue()).toBe('17:00');
    }
    expect(await weekly.getByLabel('Saturday range 1 from').count()).toBe(0);
    await shot(page, 'studio-staff-editor');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await page.waitForURL(/\/config\/scheduling\/staff\/(?!new)[^/]+$/);

    await page.getByRole('link', { name: 'Staff & hours' }).first().click();
    await page.getByRole('link', { name: 'Dana Reyes' }).waitFor();
    await shot(page, 'studio-staff');

    await page.getByRole('link', { name: 'Appointment types' }).click();
    await page.getByRole('link', { name: 'New appointment type' }).click();
    await page.getByLabel('Name').fill('Consultation');
    await page.getByLabel('Length (minutes)').fill('45');
    await page.getByRole('checkbox', { name: 'Dana Reyes' }).check();
    await page.getByLabel('Location (optional)').fill('12 Orchard Lane');
    await shot(page, 'studio-type-editor');
    await page.getByRole('button', { name: 'Create appointment type' }).click();
    await page.waitForURL(/\/config\/scheduling\/types\/(?!new)[^/]+$/);
    await page.getByRole('link', { name: '← Appointment types' }).click();
    await page.getByRole('link', { name: 'Consultation' }).waitFor();
    await shot(page, 'studio-types');

    // The page with the scheduling block, added in the page editor.
    const created = await call(page, 'POST', '/api/studio/pages', { title: 'Book a visit' });
    expect(created.status).toBeLessThan(300);
    await page.goto(`/config/pages/${created.body.id}`);
    await page.getByLabel('Block type').selectOption({ label: 'Scheduling' });
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('checkbox', { name: 'Consultation' }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    expect(
      (await call(page, 'PUT', `/api/studio/pages/${created.body.id}/settings`, { status: 'PUBLISHED' }))
        .status,
    ).toBe(200);
    pagePath = `/${created.body.urlId}`;
  }, 180_000);

  it('a visitor in Tokyo sees the free times in their own zone, books, and gets the invitation', async () => {
    const page = await open({ timezoneId: VISITOR_ZONE });
    await page.goto(pagePath);
    const widget = page.getByTestId('scheduling-widget');
    await widget.waitFor();
    // One type offered: chosen already.
    await expect.poll(() => widget.getByRole('radio', { name: /Consultation/ }).isChecked()).toBe(true);
    const zone = page.getByTestId('visitor-zone');
    await expect.poll(() => zone.textContent()).toContain('Asia/Tokyo (GMT+9)');
    // The first month with a free time (late in a month, the next).
    const dates = page.getByRole('group', { name: /^Dates with free times/ });
    const none = page.getByText(/^No free times/);
    await expect.poll(async () => (await dates.count()) + (await none.count())).toBeGreaterThan(0);
    if ((await dates.count()) === 0) await page.getByRole('button', { name: /^Next month/ }).click();
    await dates.waitFor();
    // Keyboard: the date row and the time row are reachable and move with the arrows.
    const firstTime = page
      .getByRole('group', { name: /^Free times on/ })
      .getByRole('button')
      .first();
    await firstTime.focus();
    await page.keyboard.press('Enter');
    const start = (await firstTime.getAttribute('data-start')) as string;
    // 09:00 in New York is 23:00 (or 22:00 in summer) in Tokyo: the button says the visitor's time.
    const tokyo = new Intl.DateTimeFormat('en-GB', {
      timeZone: VISITOR_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(start));
    const newYork = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(start));
    expect(newYork).toBe('09:00');
    expect((await firstTime.textContent())?.replace(/\s/g, '')).toContain(
      new Intl.DateTimeFormat('en-US', { timeZone: VISITOR_ZONE, hour: 'numeric', minute: '2-digit' })
        .format(new Date(start))
        .replace(/\s/g, ''),
    );
    expect(tokyo).not.toBe('09:00');
    await shot(page, 'visitor-block');

    const violations = await seriousViolations(page);
    expect(violations, describeFindings('scheduling block', violations)).toEqual([]);

    await page.getByLabel('Name').fill(VISITOR.name);
    await page.getByLabel('E-mail').fill(VISITOR.email);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const confirmation = page.getByTestId('scheduling-confirmation');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain('You’re booked');
    expect(await confirmation.textContent()).toContain('Asia/Tokyo');
    await shot(page, 'visitor-confirmation');
    bookedStart = new Date(start).toISOString();

    // The confirmation mail, with the invitation: DTSTART is the instant booked.
    const [confirmationMail] = await mailTo(VISITOR.email, 1);
    const ics = mimePart(confirmationMail?.raw ?? '', 'text/calendar');
    expect(ics, 'the confirmation carries a text/calendar part').toBeTruthy();
    expect(icsValue(ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsInstant(icsValue(ics ?? '', 'DTSTART'))).toBe(bookedStart);
    expect(icsInstant(icsValue(ics ?? '', 'DTEND'))).toBe(
      new Date(Date.parse(bookedStart) + 45 * 60_000).toISOString(),
    );
    expect(icsValue(ics ?? '', 'SUMMARY')).toContain('Consultation');
  }, 120_000);

  it('the visitor moves the booking through the link in the mail', async () => {
    const page = await open({ timezoneId: VISITOR_ZONE, width: 390 });
    const [confirmationMail] = await mailTo(VISITOR.email, 1);
    const text = mimePart(confirmationMail?.raw ?? '', 'text/plain') ?? '';
    const manage = /\/scheduling\/manage\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(manage, 'the mail has the manage link').toBeTruthy();
    await page.goto(manage as string);
    const box = page.getByTestId('scheduling-manage');
    await box.waitFor();
    await page.getByTestId('manage-when').waitFor();
    expect(await page.getByTestId('manage-when').textContent()).toContain('Asia/Tokyo');
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const times = page.getByRole('group', { name: /^Free times on/ }).getByRole('button');
    await times.first().waitFor();
    // Another time than the one booked (which is no longer free).
    const other = times.nth((await times.count()) > 1 ? 1 : 0);
    movedStart = new Date((await other.getAttribute('data-start')) as string).toISOString();
    expect(movedStart).not.toBe(bookedStart);
    await other.click();
    await shot(page, 'visitor-manage');
    await page.getByRole('button', { name: 'Move my booking' }).click();
    await page.getByTestId('scheduling-said').waitFor();
    expect(await page.getByTestId('scheduling-said').textContent()).toContain('Moved to');

    // The new invitation: the same event (UID), a higher SEQUENCE, the new start.
    const mails = await mailTo(VISITOR.email, 2);
    const first = mimePart(mails[0]?.raw ?? '', 'text/calendar') ?? '';
    const moved = mails
      .map((m) => mimePart(m.raw, 'text/calendar') ?? '')
      .find((ics) => icsValue(ics, 'DTSTART') && icsInstant(icsValue(ics, 'DTSTART')) === movedStart);
    expect(moved, 'a mail with the new time').toBeTruthy();
    expect(icsValue(moved ?? '', 'UID')).toBe(icsValue(first, 'UID'));
    expect(Number(icsValue(moved ?? '', 'SEQUENCE'))).toBeGreaterThan(
      Number(icsValue(first, 'SEQUENCE') ?? 0),
    );
  }, 120_000);

  it('a scheduling viewer sees the booking in the calendar and has no change controls; the server refuses', async () => {
    // The owner invites a scheduling viewer (role 12).
    const invited = await call(ownerPage, 'POST', '/api/studio/contributors/invitations', {
      email: VIEWER.email,
      roleCode: 12,
    });
    expect(invited.status).toBeLessThan(300);
    // The owner's calendar shows the booking at its new time, labelled with the site's zone.
    await ownerPage.goto('/config/scheduling/calendar');
    await ownerPage.getByTestId('calendar-zone').waitFor();
    expect(await ownerPage.getByTestId('calendar-zone').textContent()).toContain('America/New_York');
    const outbox = await call(ownerPage, 'GET', '/api/owner/outbox');
    const invitation = outbox.body.messages.find((m: { to: string }) => m.to === VIEWER.email);
    const link = /https?:\/\/\S+(\/config\/accept-invitation\?token=[\w-]+)/.exec(invitation.text)?.[1];
    expect(link).toBeTruthy();

    const page = await open();
    await page.goto(link as string);
    await page.getByLabel('E-mail address').fill(VIEWER.email);
    await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
    await page.getByLabel('Repeat the password').fill(VIEWER.password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    // The only area the role opens: Scheduling, where signing in lands.
    await page.waitForURL('**/config/scheduling**');
    const tabs = page.getByRole('navigation', { name: 'Studio' });
    await tabs.getByRole('link', { name: 'Scheduling' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Pages' }).count()).toBe(0);

    // The week of the booking: its entry, at the New York time.
    const week = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(movedStart),
    );
    await page.getByLabel('Go to date').fill(week);
    const entry = page.getByTestId('calendar-booking').filter({ hasText: VISITOR.name });
    await entry.waitFor();
    const nyTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(movedStart));
    expect(await entry.textContent()).toContain(nyTime);
    expect(await page.getByRole('heading', { name: 'Block a time' }).count()).toBe(0);
    await shot(page, 'studio-calendar');
    const violations = await seriousViolations(page);
    expect(violations, describeFindings('calendar', violations)).toEqual([]);

    // (its id, for the direct call below)
    const bookingId = /\/booking\/([^/]+)$/.exec(
      new URL((await entry.getAttribute('href')) ?? '', server.url).pathname,
    )?.[1];
    await entry.click();
    await page.getByTestId('booking-detail').waitFor();
    expect(await page.getByTestId('booking-detail').textContent()).toContain(VISITOR.email);
    for (const name of ['Cancel booking', 'Move booking', 'Mark no-show'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    await shot(page, 'studio-booking-viewer');

    // Types and staff: read, nothing to change.
    await page.goto('/config/scheduling/types');
    await page.getByRole('link', { name: 'Consultation' }).waitFor();
    expect(await page.getByRole('link', { name: 'New appointment type' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Consultation' }).count()).toBe(0);

    // A direct change answers 403.
    const cancel = await call(page, 'POST', `/api/studio/scheduling/bookings/${bookingId}/cancel`);
    expect(cancel.status).toBe(403);

    // The owner still has the controls on the same booking.
    await ownerPage.goto(`/config/scheduling/calendar/booking/${bookingId}`);
    await ownerPage.getByRole('button', { name: 'Cancel booking' }).waitFor();
    expect(await ownerPage.getByRole('button', { name: 'Move booking' }).count()).toBe(1);
    await shot(ownerPage, 'studio-booking-owner');
  }, 180_000);

  it('the studio screens and the visitor block at 1280 and 390 px', async () => {
    const state = await ownerPage.context().storageState();
    for (const width of [1280, 390]) {
      const page = await open({ width, storageState: state, timezoneId: VISITOR_ZONE });
      const week = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
        new Date(movedStart),
      );
      await page.goto('/config/scheduling/calendar');
      await page.getByLabel('Go to date').fill(week);
      await page.getByTestId('calendar-booking').first().waitFor();
      await shot(page, 'owner-calendar');
      await clean(page, 'owner-calendar');
      await page.getByTestId('calendar-booking').first().click();
      await page.getByRole('button', { name: 'Cancel booking' }).waitFor();
      await shot(page, 'owner-booking');
      await clean(page, 'owner-booking');
      await page.goto('/config/scheduling/types');
      await page.getByRole('link', { name: 'Consultation' }).click();
      await page.getByLabel('Name').waitFor();
      await shot(page, 'owner-type-editor');
      await clean(page, 'owner-type-editor');
      await page.goto('/config/scheduling/staff');
      await page.getByRole('link', { name: 'Dana Reyes' }).waitFor();
      await shot(page, 'owner-staff');
      await clean(page, 'owner-staff');
      await page.getByRole('link', { name: 'Dana Reyes' }).click();
      await page.getByTestId('weekly-hours').waitFor();
      await shot(page, 'owner-staff-editor');
      await clean(page, 'owner-staff-editor');
      // No screen scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().clearCookies();
      await page.goto(pagePath);
      await page
        .getByRole('group', { name: /^Free times on/ })
        .or(page.getByText(/^No free times/))
        .first()
        .waitFor();
      await shot(page, 'visitor-block-times');
      await clean(page, 'visitor-block-times');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }, 180_000);
});

// Paying for a booking goes through the store's checkout: the held booking's line is in the
// visitor's cart, and the order confirms it.
describe('scheduling: a paid appointment', () => {
  it('the owner makes the type paid; the visitor in Tokyo books, pays with the test card, and gets the invitation', async () => {
    await ownerPage.goto('/config/scheduling/types');
    await ownerPage.getByRole('link', { name: 'Consultation' }).click();
    await ownerPage.getByRole('radio', { name: 'Paid' }).check();
    await ownerPage.getByLabel(/^Price \(/).fill('60.00');
    await ownerPage.getByRole('button', { name: 'Save' }).click();
    await ownerPage.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    const buyer = 'kenji@example.com';
    const page = await open({ timezoneId: VISITOR_ZONE });
    await page.goto(pagePath);
    const times = page.getByRole('group', { name: /^Free times on/ }).getByRole('button');
    const none = page.getByText(/^No free times/);
    await expect.poll(async () => (await times.count()) + (await none.count())).toBeGreaterThan(0);
    if ((await times.count()) === 0) await page.getByRole('button', { name: /^Next month/ }).click();
    await times.first().click();
    const start = new Date((await times.first().getAttribute('data-start')) as string).toISOString();
    await page.getByLabel('Name').fill('Kenji Sato');
    await page.getByLabel('E-mail').fill(buyer);
    await page.getByRole('button', { name: /^Book and pay/ }).click();
    await page.getByTestId('scheduling-pay').waitFor();
    expect(await page.getByTestId('scheduling-confirmation').textContent()).toContain('pay to confirm');
    await shot(page, 'visitor-paid-hold');
    await page.getByTestId('scheduling-pay').click();
    await page.waitForSelector('#card-number');
    // Whatever the checkout asks of this order (a service: the billing address when it asks).
    const fill = async (id: string, value: string) => {
      const field = page.locator(`#checkout-${id}`);
      if ((await field.count()) > 0 && !(await field.inputValue())) await field.fill(value);
    };
    await fill('email', buyer);
    await fill('firstName', 'Kenji');
    await fill('lastName', 'Sato');
    await fill('address1', '1 Main St');
    await fill('city', 'Albany');
    await fill('postalCode', '12207');
    if ((await page.locator('#checkout-state').count()) > 0) await page.selectOption('#checkout-state', 'NY');
    await page.locator('#card-number').pressSequentially('4242424242424242');
    await page.locator('#card-expiry').pressSequentially('1230');
    await page.fill('#card-cvc', '123');
    await page.fill('#card-name', 'Kenji Sato');
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');

    // The buyer gets the order's receipt and the booking's invitation, in either order.
    const invitation = () =>
      mail.received.find((m) => m.to.includes(buyer) && mimePart(m.raw, 'text/calendar') !== null);
    await expect.poll(invitation, { timeout: 30_000 }).toBeDefined();
    const ics = mimePart(invitation()?.raw ?? '', 'text/calendar') ?? '';
    expect(icsInstant(icsValue(ics, 'DTSTART'))).toBe(start);
  }, 180_000);
});
