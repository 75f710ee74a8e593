import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './helpers/axe';
import { type RunningServer, callFromPage as call, startServer } from './helpers/index';
import { type MailCatcher, startMailCatcher } from './helpers/mail-catcher';
import { type SharedBrowser, launchSharedBrowser, screenshotTo, signInAt } from './helpers/shared-browser';

// Three shoppers buy (one a little, two a lot) through the store's test checkout; the owner
// builds a "spent over" segment in Marketing → Segments, whose live count and saved count are
// the two big spenders, then sends a campaign to one list narrowed to that segment: only the
// big spender on that list gets it. The campaign rate is set on the Campaigns screen.

const shot = screenshotTo(process.env.SHOTS_DIR ?? '/work/shots/segments');
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHIP_TO = {
  firstName: 'Ada',
  lastName: 'Byron',
  address1: '12 Engine Row',
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'US',
};
let mail: MailCatcher;
let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url, CAMPAIGNS_EVERY_MS: '500' } });
  shared = await launchSharedBrowser(server.url);
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
  await mail?.close();
});

/** A shopper's order of `quantity` navy tees, through the cart and the test checkout; its total. */
async function buy(email: string, quantity: number): Promise<number> {
  const page = await shared.open({ width: 390 });
  await page.goto('/');
  const tee = (await call(page, 'GET', '/shop/p/classic-tee?format=json')).body.item;
  const added = await call(page, 'POST', '/api/commerce/shopping-cart/entries', {
    itemId: tee.id,
    sku: 'TEE-NAV-S',
    quantity,
  });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  const cart = (await call(page, 'GET', '/api/commerce/shopping-cart')).body;
  const placed = await call(page, 'POST', '/api/commerce/checkout', {
    email,
    shippingAddress: SHIP_TO,
    shippingOptionId: cart.shippingOptions[0].id,
    payment: { provider: 'test', token: 'tok_visa' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await page.context().close();
  return placed.body.order.grandTotalCents as number;
}

const subjectOf = (raw: string) => /^Subject:\s*(.+)$/im.exec(raw.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';
const campaignMail = () => mail.received.filter((m) => subjectOf(m.raw).includes('For our best customers'));

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** No serious or critical axe-core finding on the page as it is now. */
async function accessible(page: Page, where: string) {
  const found = await seriousViolations(page);
  expect(found, describeFindings(where, found)).toEqual([]);
}

/** A screenshot of one part of the page at both widths (the part scrolled into view). */
async function shootPart(page: Page, selector: string, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const part = page.locator(selector).first();
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({
      path: `${process.env.SHOTS_DIR ?? '/work/shots/segments'}/${name}-${width}.png`,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('segments in Chromium', () => {
  it('the owner builds a "spent over" segment whose count is right, and a campaign to it reaches only its members', {
    timeout: 420_000,
  }, async () => {
    // The shoppers: two big orders, one small; "none" never bought.
    const big = await buy('big@example.com', 4);
    const loyal = await buy('loyal@example.com', 3);
    const small = await buy('small@example.com', 1);
    const threshold = Math.floor((small + Math.min(big, loyal)) / 2 / 100);
    expect(small).toBeLessThan(threshold * 100);
    expect(Math.min(big, loyal)).toBeGreaterThan(threshold * 100);

    const page = await shared.open({ width: 1280 });
    await signInAt(page, '/config/marketing/segments', OWNER);
    // A list with the big spender, the small one and a non-buyer; the other big spender is on
    // the default list only.
    const list = await call(page, 'POST', '/api/studio/marketing/lists', { name: 'Shop news' });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const listId = list.body.list.id as string;
    for (const email of ['big@example.com', 'small@example.com', 'none@example.com'])
      expect(
        (await call(page, 'POST', `/api/studio/marketing/lists/${listId}/members`, { email })).status,
      ).toBe(201);
    const lists = (await call(page, 'GET', '/api/studio/marketing/lists')).body.lists as {
      id: string;
      isDefault: boolean;
    }[];
    const defaultList = lists.find((l) => l.isDefault)?.id;
    expect(
      (
        await call(page, 'POST', `/api/studio/marketing/lists/${defaultList}/members`, {
          email: 'loyal@example.com',
        })
      ).status,
    ).toBe(201);

    // The empty state, then the rule builder.
    await page.getByText('No segments yet.').waitFor();
    await shot(page, 'segments-empty');
    const builder = page.getByRole('form', { name: 'New segment' });
    await builder.getByLabel('Segment name').fill('Big spenders');
    await builder.getByRole('button', { name: '+ Spent over an amount' }).click();
    // Saving an unfinished condition says what is missing at the amount.
    await builder.getByRole('button', { name: 'Save segment' }).click();
    await builder.getByText('Enter an amount, like 100.00.').waitFor();
    await builder.getByLabel('Spent over (USD)', { exact: true }).fill(String(threshold));
    await builder.getByText(`More than $${threshold}.00 in all`).waitFor();
    await expect
      .poll(() => builder.getByTestId('segment-preview').textContent())
      .toBe('2 subscribers match now.');
    // A second condition can be added and removed again.
    await builder.getByRole('button', { name: '+ Member of a member area' }).click();
    await builder.getByLabel('Member of', { exact: true }).waitFor();
    await builder.getByRole('button', { name: 'Remove condition: Member of a member area' }).click();
    await expect
      .poll(() => builder.getByTestId('segment-preview').textContent())
      .toBe('2 subscribers match now.');
    await shot(page, 'segments-builder');
    await accessible(page, 'segments builder');
    await builder.getByRole('button', { name: 'Save segment' }).click();
    await page.getByRole('status').getByText('Segment “Big spenders” saved: 2 subscribers now.').waitFor();
    const row = page.getByRole('row', { name: /Big spenders/ });
    await expect.poll(() => row.textContent()).toContain(`Spent over $${threshold}.00`);
    expect(await row.locator('td').nth(2).textContent()).toBe('2');

    // The same name again is refused at the name field.
    await builder.getByLabel('Segment name').fill('big spenders');
    await builder.getByRole('button', { name: '+ Spent over an amount' }).click();
    await builder.getByLabel('Spent over (USD)', { exact: true }).fill('1');
    await builder.getByRole('button', { name: 'Save segment' }).click();
    await builder.getByText('There is already a segment with that name.').waitFor();
    expect(await builder.getByLabel('Segment name').getAttribute('aria-invalid')).toBe('true');
    // "Bought a product" from the product picker: every shopper bought the tee.
    await builder.getByRole('button', { name: '+ Bought a product' }).click();
    await builder.getByRole('button', { name: 'Choose product' }).click();
    await page
      .getByRole('dialog', { name: 'Choose a product' })
      .getByRole('button', { name: /Classic Tee/ })
      .click();
    await builder.getByText('Classic Tee', { exact: true }).waitFor();
    await builder.getByRole('button', { name: 'Remove condition: Spent over an amount' }).click();
    await expect
      .poll(() => builder.getByTestId('segment-preview').textContent())
      .toBe('3 subscribers match now.');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'segments-builder');
    await page.setViewportSize({ width: 1280, height: 900 });
    await builder.getByRole('button', { name: 'Remove condition: Bought a product' }).click();
    await builder.getByLabel('Segment name').fill('');
    await shot(page, 'segments-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'segments-list');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The campaign: the "Shop news" list, narrowed to the segment.
    const made = await call(page, 'POST', '/api/studio/campaigns', {
      subject: 'For our best customers',
      listIds: [listId],
      blocks: [{ type: 'text', html: '<p>Thank you for shopping with us.</p>' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    await page.goto(`/config/marketing/campaigns/${id}`);
    const recipients = page.getByTestId('campaign-recipients');
    await expect.poll(() => recipients.textContent()).toBe('Goes to 3 people now, each once.');
    await page.getByLabel('Only people in segment').selectOption({ label: 'Big spenders (2 subscribers)' });
    await expect.poll(() => recipients.textContent()).toContain('Goes to 1 person now');
    await page.getByText(`Spent over $${threshold}.00`).waitFor();
    await shootPart(page, '.campaign-editor__audience', 'campaign-audience');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    expect((await call(page, 'GET', `/api/studio/campaigns/${id}`)).body.segment).toEqual({
      spentOverMinor: threshold * 100,
    });
    // After a reload the saved segment is shown chosen.
    await page.reload();
    await expect.poll(() => page.getByLabel('Only people in segment').inputValue()).not.toBe('');
    await expect.poll(() => recipients.textContent()).toContain('Goes to 1 person now');
    await shot(page, 'campaign-editor');
    await accessible(page, 'campaign editor');

    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => asked).toBe('Send "For our best customers" now to 1 subscriber?');
    await until(() => campaignMail().length >= 1, 60_000, 'the campaign mail');
    // Anything else would have gone by now (the worker looks every half second).
    await new Promise((r) => setTimeout(r, 4_000));
    expect(campaignMail().flatMap((m) => m.to)).toEqual(['big@example.com']);
    await expect
      .poll(async () => (await call(page, 'GET', `/api/studio/campaigns/${id}`)).body.numbers.recipients)
      .toBe(1);

    // The sending speed on the Campaigns screen: the range is said, a good value is kept.
    await page.goto('/config/marketing/campaigns');
    const speed = page.getByRole('form', { name: 'Sending speed' });
    await speed.getByLabel('Mails per minute').fill('0');
    await speed.getByRole('button', { name: 'Save speed' }).click();
    await speed.getByText('Send between 1 and 100,000 mails a minute.').waitFor();
    await speed.getByLabel('Mails per minute').fill('120');
    await speed.getByRole('button', { name: 'Save speed' }).click();
    await speed.getByText('Saved: 120 mails a minute.').waitFor();
    expect((await call(page, 'GET', '/api/studio/campaigns')).body.ratePerMinute).toBe(120);
    await shot(page, 'campaigns');
    await accessible(page, 'campaigns');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'campaigns');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleting asks first; then the empty state is back.
    await page.goto('/config/marketing/segments');
    await page.getByRole('button', { name: 'Delete Big spenders' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete the segment “Big spenders”?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No segments yet.').waitFor();
    expect((await call(page, 'GET', '/api/studio/marketing/segments')).body.segments).toEqual([]);
  });
});
