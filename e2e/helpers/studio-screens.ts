import type { Page } from 'playwright-core';

/** One studio screen to look at: a name for files and messages, its path, and what to open on it. */
export interface StudioScreen {
  name: string;
  path: string;
  /** Opens something on the screen (a dialog) after it has loaded; undone by `close`. */
  open?(page: Page): Promise<void>;
  close?(page: Page): Promise<void>;
}

/** The screens a signed-out visitor to /config sees. */
export const signedOutScreens: StudioScreen[] = [
  { name: 'sign-in', path: '/config/sign-in' },
  { name: 'forgot-password', path: '/config/forgot-password' },
];

/** Sign in through the studio's own form. */
export async function signInToStudio(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/config/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/config/pages');
}

/** Wait until the screen has drawn: no "Loading…" left and the network quiet for a moment. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  // A rebuild of the studio (another build running on this machine) briefly leaves no
  // bundle to serve: wait for it and load the screen again, rather than judge that page.
  for (let tries = 0; tries < 20; tries++) {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 80) ?? '');
    if (!text.startsWith('The studio is not built yet')) break;
    await page.waitForTimeout(1_000);
    await page.reload();
  }
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.loading') &&
        // The studio has drawn something; a site page is ready once loaded.
        (!location.pathname.startsWith('/config') ||
          (document.getElementById('studio-root')?.childElementCount ?? 0) > 0),
      null,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
}

const slug = (href: string) =>
  href
    .replace(/^\/config\//, '')
    .replace(/[^\w]+/g, '-')
    .replace(/-+$/, '');

/**
 * Every screen of the signed-in studio, read from the studio itself: the areas from the top
 * bar, each area's sections from its section list (so a section added later is visited too),
 * then the screens one opens from a list (a page in the editor, a blog's posts, a product, an
 * order, a form and its submissions) and the confirm dialog.
 */
export async function studioScreens(page: Page): Promise<StudioScreen[]> {
  const hrefs = async (selector: string) =>
    page.$$eval(selector, (links) => links.map((a) => a.getAttribute('href') ?? '').filter(Boolean));
  await page.goto('/config/pages');
  await settle(page);
  const areas = await hrefs('nav[aria-label="Studio"] a');
  const screens: StudioScreen[] = [];
  const seen = new Set<string>();
  const add = (screen: StudioScreen) => {
    if (seen.has(screen.name)) return;
    seen.add(screen.name);
    screens.push(screen);
  };
  for (const area of areas) {
    await page.goto(area);
    await settle(page);
    const sections = await hrefs('.commerce__nav a');
    if (sections.length === 0) add({ name: slug(area), path: area });
    for (const section of sections) add({ name: slug(section), path: section });
  }
  add({ name: 'account', path: '/config/account' });

  // Screens opened from lists: the first of each kind the site has.
  // Fetched in the page (it carries the session); plain loops, since the test runner's
  // transform would name inner functions with a helper the page does not have.
  const [pagesJson, productsJson, ordersJson, formsJson] = (await page.evaluate(
    async (urls) => {
      const out: unknown[] = [];
      for (const url of urls) {
        const res = await fetch(url);
        out.push(res.ok ? await res.json() : null);
      }
      return out;
    },
    ['/api/studio/pages', '/api/studio/products', '/api/commerce/orders', '/api/studio/forms'],
  )) as {
    [key: string]: { id: string; kind?: string }[] | undefined;
  }[];
  const pages = pagesJson?.pages ?? [];
  const ids = {
    page: pages.find((p) => p.kind === 'page')?.id,
    blog: pages.find((p) => p.kind === 'blog')?.id,
    product: productsJson?.products?.[0]?.id,
    order: ordersJson?.orders?.[0]?.id,
    form: formsJson?.forms?.[0]?.id,
  };
  if (ids.page) add({ name: 'page-editor', path: `/config/pages/${ids.page}` });
  if (ids.page) {
    // The page editor's link picker: a Button block's "Choose link…" (the demo home page has one).
    add({
      name: 'link-picker',
      path: `/config/pages/${ids.page}`,
      async open(p) {
        await p
          .getByRole('button', { name: /^Button: / })
          .first()
          .click();
        await p
          .getByRole('button', { name: /^(Change|Choose) link…$/ })
          .first()
          .click();
        await p.locator('dialog[open]').waitFor();
      },
      async close(p) {
        await p.keyboard.press('Escape');
        await p.locator('dialog[open]').waitFor({ state: 'detached' });
      },
    });
  }
  if (ids.blog) add({ name: 'blog-posts', path: `/config/blogs/${ids.blog}` });
  if (ids.product) add({ name: 'product-editor', path: `/config/commerce/products/${ids.product}` });
  add({ name: 'product-new', path: '/config/commerce/products/new?type=1' });
  if (ids.order) add({ name: 'order-detail', path: `/config/commerce/orders/${ids.order}` });
  if (ids.form) {
    add({ name: 'form-builder', path: `/config/forms/forms/${ids.form}` });
    add({ name: 'form-submissions', path: `/config/forms/submissions/${ids.form}` });
  }
  add({
    name: 'studio-menu',
    path: '/config/pages',
    // The phone's menu of areas (on a wide screen the areas are in the top bar already).
    async open(p) {
      const toggle = p.locator('#studio-menu-toggle');
      if (await toggle.isVisible()) {
        await toggle.click();
        await p.locator('#studio-menu nav').waitFor();
      }
    },
    async close(p) {
      await p.keyboard.press('Escape');
    },
  });
  add({
    name: 'confirm-dialog',
    path: '/config/pages',
    async open(p) {
      await p
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await p.locator('dialog[open]').waitFor();
    },
    async close(p) {
      await p.keyboard.press('Escape');
      await p.locator('dialog[open]').waitFor({ state: 'detached' });
    },
  });
  return screens;
}

/**
 * Put a tee in the visitor's cart (so the cart and checkout show a line) and, with
 * `pay`, buy it with the test card: the order list then has an order to open.
 */
export async function buyATee(page: Page, pay: boolean): Promise<void> {
  await page.goto('/shop');
  // One request per evaluate, with no inner named functions (see studioScreens).
  const send = (url: string, body?: unknown) =>
    page.evaluate(
      async ({ url, body }) => {
        const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
        const init =
          body === undefined
            ? {}
            : {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
                body: JSON.stringify(body),
              };
        return (await fetch(url, init)).json();
      },
      { url, body },
    );
  const { item } = await send('/shop/p/classic-tee?format=json');
  await send('/api/commerce/shopping-cart/entries', { itemId: item.id, sku: 'TEE-NAV-M', quantity: 1 });
  if (!pay) return;
  const cart = await send('/api/commerce/shopping-cart');
  const card = await send('/api/commerce/payments/test/tokens', {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  });
  const done = await send('/api/commerce/checkout', {
    email: 'ada@example.test',
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '12 Engine Row',
      city: 'Arlington',
      region: 'VA',
      postalCode: '22201',
      country: 'US',
    },
    shippingOptionId: cart.shippingOptions[0].id,
    payment: { token: card.token },
  });
  if (!done.order) throw new Error(`could not buy a tee: ${JSON.stringify(done)}`);
}

/**
 * Buttons and links that show only a symbol or a letter or two (↑, ×, ✎, Aa, B)
 * and lack either an accessible name that says what they do or a tooltip (`title`) that
 * tells a sighted mouse user the same. Answers "text → problem" lines.
 */
export async function unexplainedIconButtons(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], [role="button"]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('[hidden], [aria-hidden="true"]')) continue;
      const text = (el.innerText || '').replace(/\\s+/g, ' ').trim();
      // A number ("#1", "H2") is a label; a symbol or a letter or two ("×", "Aa", "B") is not.
      const iconOnly = text === '' || (!/\\p{N}/u.test(text) && !/\\p{L}{3,}/u.test(text));
      if (!iconOnly) continue;
      const label = (el.getAttribute('aria-label') || '').trim() ||
        (el.getAttribute('aria-labelledby') || '').split(/\\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ').trim();
      const title = (el.getAttribute('title') || '').trim();
      const problems = [];
      if (!label || !/[\\p{L}]{3,}/u.test(label)) problems.push('no accessible name in words');
      if (!title) problems.push('no tooltip');
      if (problems.length) out.push((text || '(empty)') + ' [' + (label || el.className) + '] → ' + problems.join(', '));
    }
    return [...new Set(out)];
  })()`);
}
