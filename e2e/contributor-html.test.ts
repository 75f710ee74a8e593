import { type APIRequestContext, type Frame, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
/** Every payload that runs calls here (or sets window.__xss): any request to it is a failure. */
const BEACON = '/__xss-beacon';
/** What the uploaded "product file" does if a browser ever runs it. */
const TAKEOVER_JS = `window.__xss = 'download'; fetch('${BEACON}?download');`;

/** Hostile HTML for one field, each line trying another way to run (tagged by field). */
function hostile(tag: string, download: string): string {
  const run = `window.__xss='${tag}';fetch('${BEACON}?${tag}')`;
  return [
    `<p>Kept text for ${tag}.</p>`,
    `<script>${run}</script>`,
    `<script src="${download}"></script>`,
    `<img src="/no-such-image-${tag}.png" onerror="${run}">`,
    `<svg onload="${run}"><script>${run}</script></svg>`,
    `<a class="xss-link" href="javascript:${run}">click me</a>`,
    `<iframe src="javascript:parent.${run}"></iframe>`,
    `<iframe srcdoc="<script>parent.${run}</script>"></iframe>`,
    `<details open ontoggle="${run}">details</details>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="${run}"></style></mglyph></table></mtext></math>`,
    `<form action="${BEACON}"><button formaction="javascript:${run}">send</button></form>`,
    `<div data-island="form" id="sf-data">clobber</div>`,
  ].join('\n');
}

/** The owner over HTTP, signed in, the crumb echoed as the studio does. */
async function ownerApi(baseURL: string) {
  const api = await request.newContext({ baseURL });
  await api.get('/');
  const crumb = (await api.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  expect((await api.post('/api/site-users/account/session', { data: OWNER, headers })).status()).toBe(200);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, data?: unknown) => {
    const res = await api.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
    if (res.status() >= 300) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  return { api, headers, call };
}

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let owner: Awaited<ReturnType<typeof ownerApi>>;
let buyer: APIRequestContext | undefined;
const seen = { dialogs: [] as string[], beacons: [] as string[], trustedTypes: [] as string[] };

beforeAll(async () => {
  server = await startServer();
  owner = await ownerApi(server.url);
});
afterAll(async () => {
  await browser?.close();
  await owner?.api.dispose();
  await buyer?.dispose();
  await server?.stop();
});

/** window.__xss in the page and every frame it holds (a frame that runs nothing answers null). */
async function marks(page: Page): Promise<unknown[]> {
  // A frame that never finishes loading (a javascript: address that ran) answers null after 2 s.
  const read = (frame: Frame) =>
    Promise.race([
      frame.evaluate(() => (window as { __xss?: unknown }).__xss ?? null).catch(() => null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000)),
    ]);
  return (await Promise.all(page.frames().map(read))).filter((v) => v !== null);
}

/** Visit, let handlers and late loads fire, click what tried to be a script link, then check. */
async function expectNothingRan(page: Page, where: string) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(400);
  for (const link of await page.locator('a.xss-link').all())
    await link.click({ timeout: 2000 }).catch(() => {});
  await page.waitForTimeout(200);
  expect(await marks(page), where).toEqual([]);
  expect(seen.dialogs, where).toEqual([]);
  expect(seen.beacons, where).toEqual([]);
  expect(seen.trustedTypes, where).toEqual([]);
}

describe('contributor HTML and uploads in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('nothing an owner or contributor uploads or writes runs on the site or in the studio', async () => {
    const { call } = owner;
    // 1. A digital product's file that is JavaScript, and a buyer's link to it.
    const presets = (await (await owner.api.get('/shop/p/lightroom-presets?format=json')).json()).item;
    const upload = await owner.api.put(`/api/studio/products/${presets.id}/file`, {
      headers: owner.headers,
      multipart: {
        file: { name: 'takeover.js', mimeType: 'text/javascript', buffer: Buffer.from(TAKEOVER_JS) },
      },
    });
    expect(upload.status()).toBe(200);
    await call('PATCH', `/api/studio/products/${presets.id}/file`, { downloadLimit: 100 });
    buyer = await request.newContext({ baseURL: server.url });
    await buyer.get('/');
    const buyerCrumb = (await buyer.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
    const add = await buyer.post('/api/commerce/shopping-cart/entries', {
      headers: { 'x-csrf-token': buyerCrumb },
      data: { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 },
    });
    expect(add.status()).toBe(200);
    const bought = await buyer.post('/api/commerce/checkout', {
      headers: { 'x-csrf-token': buyerCrumb },
      data: { email: 'buyer@example.com', payment: { provider: 'test', token: 'tok_visa' } },
    });
    expect(bought.status()).toBe(200);
    const linkUrl = new URL((await bought.json()).order.downloads[0].url);
    const download = `${linkUrl.pathname}${linkUrl.search}`;

    // 2. Hostile HTML in every field a contributor writes.
    const websiteId = (await (await owner.api.get('/?format=json')).json()).website.id as string;
    const detail = await call('GET', `/api/studio/products/${presets.id}`);
    await call('PUT', `/api/studio/products/${presets.id}`, {
      ...Object.fromEntries(
        [
          'title',
          'urlId',
          'excerpt',
          'collectionId',
          'categoryIds',
          'productType',
          'isSubscribable',
          'subscriptionPlan',
          'additionalFieldsFormId',
          'useCustomAddButtonText',
          'customAddButtonText',
          'merchandising',
          'variantOptionOrdering',
        ].map((k) => [k, detail[k]]),
      ),
      imageIds: detail.images.map((i: { id: string }) => i.id),
      variants: detail.variants.map((v: Record<string, unknown>) => ({
        id: v.id,
        sku: v.sku,
        attributes: v.attributes,
        priceCents: v.priceCents,
      })),
      description: hostile('product', download),
    });
    const page1 = await call('POST', '/api/studio/pages', { title: 'Hostile blocks', kind: 'page' });
    const layout = {
      sections: [
        {
          id: 's',
          blocks: [
            { id: 'text', type: 'text', props: { html: hostile('text-block', download) } },
            { id: 'code', type: 'code', props: { html: hostile('code-block', download) } },
            { id: 'video', type: 'video', props: { embedCode: hostile('video-embed', download) } },
            { id: 'md', type: 'markdown', props: { markdown: hostile('markdown', download) } },
          ],
        },
      ],
    };
    await call('POST', `/api/studio/pages/${page1.id}/publish`, { layout });
    const blogId = (await call('GET', '/api/studio/pages')).pages.find(
      (p: { urlId: string }) => p.urlId === 'blog',
    ).id;
    const post = await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Hostile post' });
    await call('PUT', `/api/studio/blogs/${blogId}/posts/${post.id}`, {
      excerpt: hostile('post-excerpt', download),
      body: hostile('post-body', download),
      publishOn: '2026-01-01T10:00:00Z',
    });
    const formId = (await (await owner.api.get('/contact?format=json')).json()).form.id as string;
    const form = await call('GET', `/api/studio/forms/${formId}`);
    await call('PUT', `/api/studio/forms/${formId}`, {
      name: form.name,
      notificationEmail: form.notificationEmail,
      definition: {
        ...form.definition,
        captchaEnabled: false,
        parsedSubmissionMessage: hostile('form-message', download),
        parsedDisclaimerMessage: hostile('form-disclaimer', download),
        submissionHTML: hostile('form-post-html', download),
      },
    });
    await call('PUT', '/api/multilingual/languages', {
      languages: [
        { language: 'en-US', isDefault: true, enabled: true },
        { language: 'fr-FR', isDefault: false, enabled: true },
      ],
    });
    const { entries } = await call('GET', '/api/multilingual/translations?language=fr-FR');
    const aboutText = entries.find(
      (e: { subjectType: string; field: string; defaultText: string }) =>
        e.subjectType === 'block' && e.field === 'html' && e.defaultText.includes('two-person studio'),
    );
    await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        {
          subjectType: 'block',
          subjectId: aboutText.subjectId,
          field: 'html',
          value: hostile('translation', download),
        },
        {
          subjectType: 'product',
          subjectId: presets.id,
          field: 'description',
          value: hostile('translated-excerpt', download),
        },
      ],
    });
    const short = (tag: string) =>
      `<img src=x onerror="window.__xss='${tag}'"><script>window.__xss='${tag}'</script>`;
    await call('PUT', '/api/site-header-footer', {
      header: { siteTitle: `Juniper ${short('header')}`, tagline: short('tagline'), showCart: true },
      footer: { text: short('footer'), links: [] },
    });
    await call('PUT', '/api/owner/popup-overlay', {
      enabled: true,
      title: short('popup-title'),
      body: short('popup-body'),
      delaySeconds: 600,
    });
    const store = await call('POST', `/api/content-service/product/1.1/websites/${websiteId}/products`, {
      title: 'Hostile store',
      description: hostile('store', download),
    });

    // 3. A visitor's browser on every page that shows them.
    browser = await launchBrowser({ baseURL: server.url });
    const { page, context } = browser;
    page.setDefaultTimeout(15_000);
    page.on('dialog', (dialog) => {
      // Leaving the page editor with a typed change asks first: that one is the studio's own.
      if (dialog.type() === 'beforeunload') return void dialog.accept();
      seen.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    context.on('request', (req) => {
      if (req.url().includes(BEACON)) seen.beacons.push(req.url());
    });
    page.on('console', (message) => {
      if (/TrustedHTML|Trusted Type/i.test(message.text())) seen.trustedTypes.push(message.text());
    });
    for (const path of [
      '/',
      '/shop/p/lightroom-presets',
      '/shop/p/lightroom-presets?lang=fr-FR',
      `/${page1.urlId}`,
      '/blog',
      `/blog/${post.urlId}`,
      '/about?lang=fr-FR',
      `/${store.urlId}`,
      '/search?q=hostile',
    ]) {
      await page.goto(path);
      await expectNothingRan(page, path);
    }
    // The contact form: its disclaimer, then the submission message and post-submit HTML.
    await page.goto('/contact');
    const root = page.locator('[data-island="form"]');
    await root.locator('[data-testid="visitor-form"]').waitFor();
    await expect.poll(() => root.textContent()).toContain('Kept text for form-disclaimer.');
    await root.locator('[name="name-1-0"]').fill('Ada');
    await root.locator('[name="name-1-1"]').fill('Lovelace');
    await root.locator('[name="email-1"]').fill('ada@example.com');
    await root.locator('[name="message-1"]').fill('Hello');
    await root.locator('button[type="submit"]').click();
    await root.locator('[data-testid="form-success"]').waitFor();
    expect(await root.textContent()).toContain('Kept text for form-message.');
    await expect.poll(() => root.textContent(), { timeout: 5000 }).toContain('Kept text for form-post-html.');
    await expectNothingRan(page, 'contact form sent');

    // 4. The file itself, loaded as a script by a page of the site: the browser refuses it.
    await page.goto('/');
    const loaded = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('load');
          script.onerror = () => resolve('error');
          document.head.append(script);
        }),
      download,
    );
    expect(loaded).toBe('error');
    await expectNothingRan(page, 'the download as a script');

    // 5. The studio screens that show it, under the studio's Trusted Types policy.
    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
    await page.goto(`/config/commerce/products/${encodeURIComponent(presets.id)}`);
    await page.locator('#product-description').waitFor();
    await expect
      .poll(() => page.locator('#product-description').textContent())
      .toContain('Kept text for product.');
    await expectNothingRan(page, 'studio product editor');

    await page.goto(`/config/pages/${encodeURIComponent(page1.id)}`);
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await expect
      .poll(() => preview.locator('.code-block').textContent())
      .toContain('Kept text for code-block.');
    // Selecting a block by clicking it in the preview still works in the sandboxed frame.
    await preview.locator('.rich-text').first().click();
    await page.locator('.rich__area').first().waitFor();
    expect(await page.locator('.rich__area').first().textContent()).toContain('Kept text for text-block.');
    await expectNothingRan(page, 'studio page editor');
    // A code block typed in the studio (never saved, so never cleaned by the server) previews clean too.
    await page.getByLabel('Block type').selectOption({ label: 'Code' });
    await page.getByRole('button', { name: 'Add block' }).click();
    const raw = hostile('typed-code', download);
    await page.getByLabel('HTML', { exact: true }).last().fill(raw);
    await expect
      .poll(() => preview.locator('.code-block').last().textContent())
      .toContain('Kept text for typed-code.');
    await expectNothingRan(page, 'studio preview of a typed code block');

    await page.goto(`/config/blogs/${encodeURIComponent(blogId)}`);
    await page.getByRole('button', { name: 'Hostile post' }).click();
    await expect
      .poll(() => page.locator('.rich__area').first().textContent())
      .toContain('Kept text for post-body.');
    await expectNothingRan(page, 'studio post editor');

    await page.goto(`/config/forms/forms/${encodeURIComponent(formId)}`);
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await expect
      .poll(() => page.locator('#form-submission-message').textContent())
      .toContain('Kept text for form-message.');
    await page.getByRole('tab', { name: 'Disclaimer' }).click();
    await expect
      .poll(() => page.locator('#form-disclaimer').textContent())
      .toContain('Kept text for form-disclaimer.');
    await expectNothingRan(page, 'studio form settings');

    await page.goto('/config/settings/languages');
    await page.getByLabel('Translate into').waitFor();
    await expect
      .poll(() => page.locator('.rich__area').first().textContent())
      .toContain('Kept text for translation.');
    await expectNothingRan(page, 'studio translations');

    await page.goto('/config/header-footer');
    await page.waitForLoadState('networkidle');
    await expectNothingRan(page, 'studio header and footer');
  }, 240_000);
});
