import fs from 'node:fs';
import path from 'node:path';
import { type Page, request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav } from '../packages/server/test/helpers/tone-wav';
import {
  type LaunchedBrowser,
  type RunningServer,
  artifactsDir,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
/** Pages a growing shop adds, until its navigation has twelve entries. */
const EXTRA_PAGES = [
  'New arrivals',
  'Ceramics',
  'Textiles',
  'Workshops',
  'Stockists',
  'Wholesale',
  'Press',
  'FAQ',
  'Gift guide',
  'Care',
  'Events',
  'Team',
];

/** The owner over HTTP, signed in, the crumb echoed as the studio does. */
async function ownerApi(baseURL: string) {
  const api = await request.newContext({ baseURL });
  await api.get('/');
  const crumb = (await api.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  expect((await api.post('/api/site-users/account/session', { data: OWNER, headers })).status()).toBe(200);
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const res = await api.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
    if (res.status() >= 300) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const upload = async (name: string, body: Buffer, mimeType = 'image/png') => {
    const res = await api.post('/api/studio/media', {
      headers,
      multipart: { file: { name, mimeType, buffer: body } },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: string; assetUrl: string };
  };
  return { api, call, upload };
}

/** A wordmark logo drawn by sharp (SVG text → PNG), as an owner would upload one. */
async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120">
    <circle cx="60" cy="60" r="44" fill="#2f5d50"/><circle cx="60" cy="70" r="20" fill="#fbfaf7"/>
    <text x="122" y="78" font-family="DejaVu Serif, serif" font-size="52" font-weight="700" fill="#1d1d1f">Juniper &amp; Oak</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Content-Security-Policy violations the page reports, collected from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy|Refused to (frame|load)/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...consoleErrors,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

async function shot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage });
}

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let owner: Awaited<ReturnType<typeof ownerApi>>;
let filmUrl = '';

beforeAll(async () => {
  server = await startServer();
  owner = await ownerApi(server.url);
  const logo = await owner.upload('juniper-oak-logo.png', await logoPng());
  const icon = await owner.upload(
    'icon.png',
    await sharp({ create: { width: 512, height: 512, channels: 4, background: '#b4412d' } })
      .png()
      .toBuffer(),
  );
  await owner.call('PUT', '/api/studio/branding', {
    logo: { mediaId: logo.id, alt: 'Juniper & Oak' },
    faviconMediaId: icon.id,
    socialLinks: [
      { network: 'instagram', url: 'https://instagram.com/juniperoak' },
      { network: 'facebook', url: 'https://facebook.com/juniperoak' },
      { network: 'x', url: 'https://x.com/juniperoak' },
      { network: 'tiktok', url: 'https://tiktok.com/@juniperoak' },
      { network: 'youtube', url: 'https://youtube.com/@juniperoak' },
      { network: 'pinterest', url: 'https://pinterest.com/juniperoak' },
      { network: 'email', url: 'hello@juniper-oak.test' },
    ],
    embedOrigins: [],
  });
  const before = (await owner.call('GET', '/api/commondata/GetSiteLayout')).layout[0].links.length as number;
  for (const title of EXTRA_PAGES.slice(0, 12 - before)) {
    const page = await owner.call('POST', '/api/studio/pages', {
      title,
      kind: 'page',
      addToNavigation: true,
    });
    // New pages start as drafts (out of the navigation) until published.
    await owner.call('POST', `/api/studio/pages/${page.id}/publish`, {
      layout: {
        sections: [{ id: 's1', blocks: [{ id: 'h', type: 'heading', props: { text: title, level: 1 } }] }],
      },
    });
  }
  const film = await owner.call('POST', '/api/studio/pages', {
    title: 'Film and sound',
    kind: 'page',
    addToNavigation: false,
  });
  const tone = await owner.upload('kiln-tone.wav', toneWav(), 'audio/wav');
  const block = (id: string, type: string, props: Record<string, unknown>) => ({ id, type, props });
  await owner.call('POST', `/api/studio/pages/${film.id}/publish`, {
    layout: {
      sections: [
        {
          id: 's1',
          blocks: [
            block('h', 'heading', { text: 'Film and sound', level: 1 }),
            block('yt', 'video', { url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'A morning at the kiln' }),
            block('vm', 'video', { url: 'https://vimeo.com/76979871', caption: 'Studio tour' }),
            block('sc', 'audio', {
              src: 'https://soundcloud.com/forss/flickermood',
              title: 'Flickermood',
              artist: 'Forss',
            }),
            block('sp', 'audio', {
              src: 'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT',
              title: 'Workshop playlist',
            }),
            block('up', 'audio', { src: tone.assetUrl, title: 'Kiln tone (uploaded)' }),
            block('ln', 'video', { url: 'https://example.com/not-a-player' }),
          ],
        },
      ],
    },
  });
  filmUrl = `/${film.urlId}`;
  const layout = await owner.call('GET', '/api/commondata/GetSiteLayout');
  const links = layout.layout[0].links as { collectionId: string | null }[];
  expect(links.length).toBe(12);
});
afterAll(async () => {
  await browser?.close();
  await owner?.api.dispose();
  await server?.stop();
});

describe('header, branding and embeds in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('a YouTube block frames the privacy-enhanced player with no CSP violation (offline: the frame loads an error page)', async () => {
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const { page } = browser;
    const violations = await watchViolations(page);
    const res = await page.goto(filmUrl);
    const csp = String(res?.headers()['content-security-policy']);
    expect(csp).toMatch(
      /frame-src 'self' https:\/\/open\.spotify\.com https:\/\/player\.vimeo\.com https:\/\/w\.soundcloud\.com https:\/\/www\.youtube-nocookie\.com;/,
    );
    const frame = page.locator('.sqs-block-video iframe').first();
    expect(await frame.getAttribute('src')).toBe(YOUTUBE);
    expect(await frame.getAttribute('title')).toBe('A morning at the kiln');
    expect(await frame.getAttribute('loading')).toBe('lazy');
    await frame.scrollIntoViewIfNeeded();
    // The frame navigates to its player (this machine has no route to YouTube, so Chromium shows
    // its network error page inside it: the request was made, which a CSP block would prevent).
    await expect
      .poll(
        () =>
          page
            .frames()
            .some(
              (f) =>
                f.url().startsWith('https://www.youtube-nocookie.com/') ||
                f.url().startsWith('chrome-error://'),
            ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.locator('.sqs-block-audio iframe').last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    // The uploaded file plays from the site itself: Chromium reads its duration (0.1 s).
    const duration = await page.locator('audio').evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
          audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), {
            once: true,
          });
          audio.preload = 'metadata';
          audio.load();
        }),
    );
    expect(duration).toBeCloseTo(0.1, 2);
    expect(await violations()).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'embeds-1280', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'embeds-390', true);
    // Anything not on the page stays refused: the policy is not simply open.
    await page.evaluate(() => {
      const probe = document.createElement('iframe');
      probe.src = 'https://evil.example/';
      document.body.append(probe);
    });
    await expect.poll(async () => (await violations()).some((v) => v.includes('evil.example'))).toBe(true);
    expect(await page.locator('.embed-link a').getAttribute('href')).toBe('https://example.com/not-a-player');
  });

  it('at 1280 px the header is one bar: logo, social icons, and navigation past the room in a "More" menu that works by keyboard', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    await page.waitForSelector('html.sf-ready');
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(72);
    expect(await page.getAttribute('.site-logo', 'alt')).toBe('Juniper & Oak');
    expect(await page.locator('.site-header .site-social a').count()).toBe(7);
    // Every entry is in the bar or in More, and the bar's entries share one line.
    const more = page.locator('[data-nav-more]');
    expect(await more.isVisible()).toBe(true);
    const inBar = await page
      .locator('.site-nav > a, .site-nav > .site-nav__folder:not([data-nav-more])')
      .count();
    const inMore = await page.locator('[data-nav-more] .site-nav__menu > *').count();
    expect(inBar + inMore).toBe(12);
    expect(inMore).toBeGreaterThan(0);
    const tops = await page.$$eval('.site-nav > a', (links) => [
      ...new Set(links.map((a) => a.getBoundingClientRect().top)),
    ]);
    expect(tops).toHaveLength(1);
    await shot(page, 'header-1280');
    // Keyboard: focus More, open it with Enter, reach its links, close with Escape.
    await page.focus('[data-nav-more] > summary');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('[data-nav-more]', 'open')).toBe('');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-nav-more]') !== null)).toBe(true);
    await shot(page, 'header-more-open-1280');
    await page.keyboard.press('Escape');
    expect(await page.getAttribute('[data-nav-more]', 'open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches('[data-nav-more] > summary'))).toBe(
      true,
    );
    // The site icon: the head links the sizes made from the upload.
    const icons = await page.$$eval('link[rel~="icon"], link[rel="apple-touch-icon"]', (links) =>
      links.map((l) => `${l.getAttribute('rel')} ${l.getAttribute('sizes')}`),
    );
    expect(icons).toEqual([
      'icon 16x16 32x32 48x48',
      'icon 32x32',
      'icon 192x192',
      'apple-touch-icon 180x180',
    ]);
  });

  it('at 390 px the header is one compact bar; the menu button opens and closes the navigation by keyboard', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await page.waitForSelector('html.sf-ready');
    const header = await page.locator('.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);
    const toggle = page.locator('[data-menu-toggle]');
    expect(await toggle.getAttribute('role')).toBe('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.isVisible('.site-nav')).toBe(false);
    await shot(page, 'header-390');
    // Keyboard only: Tab from the skip link reaches the button; Enter opens, focus goes in.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('[data-menu-toggle]'))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.isVisible('.site-nav')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('#site-menu') !== null)).toBe(true);
    expect(await page.locator('.site-nav > a:visible').count()).toBe(12);
    expect(await page.isVisible('#site-search-q')).toBe(true);
    await shot(page, 'header-menu-open-390', true);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.isVisible('.site-nav')).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches('[data-menu-toggle]'))).toBe(true);
    // Space works as on any button; a click outside the header (the page) closes it too.
    await page.keyboard.press(' ');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('main').dispatchEvent('click');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('the studio’s Design tab shows the brand: logo with alt text, icon, social profiles, embed origins', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/config/design');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/design');
    const brand = page.locator('form.branding-panel');
    await brand.waitFor();
    expect(await page.inputValue('#brand-logo-alt')).toBe('Juniper & Oak');
    expect(await page.locator('#social-0-network').inputValue()).toBe('instagram');
    // A pasted address picks its network; a wrong one is said before saving.
    await page.getByRole('button', { name: 'Add a profile' }).click();
    await page.fill('#social-7-url', 'https://www.linkedin.com/company/juniper-oak');
    expect(await page.locator('#social-7-network').inputValue()).toBe('linkedin');
    await page.fill('#brand-origins', 'http://not-https.example');
    expect(await page.textContent('#brand-origins-error')).toContain('http://not-https.example');
    expect(await brand.getByRole('button', { name: 'Save brand' }).isDisabled()).toBe(true);
    await page.fill('#brand-origins', 'https://player.example.com');
    await page.locator('#branding-title').scrollIntoViewIfNeeded();
    await shot(page, 'studio-brand-1280');
    await page.locator('#brand-origins').scrollIntoViewIfNeeded();
    await shot(page, 'studio-brand-embeds-1280');
    await brand.getByRole('button', { name: 'Save brand' }).click();
    await expect.poll(() => page.textContent('.branding-panel [role="status"]')).toBe('Brand saved.');
    const saved = await owner.call('GET', '/api/studio/branding');
    expect(saved.embedOrigins).toEqual(['https://player.example.com']);
    expect(saved.socialLinks.at(-1)).toEqual({
      network: 'linkedin',
      url: 'https://www.linkedin.com/company/juniper-oak',
    });
  });

  it('without script the phone menu still opens (a link to the panel) and the desktop row never wraps', async () => {
    const plain = await launchBrowser({
      baseURL: server.url,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const { page } = plain;
      await page.goto('/about');
      expect(await page.isVisible('.site-nav')).toBe(false);
      await page.click('[data-menu-toggle]');
      expect(new URL(page.url()).hash).toBe('#site-menu');
      expect(await page.isVisible('.site-nav')).toBe(true);
      await page.click('[data-menu-close]');
      expect(await page.isVisible('.site-nav')).toBe(false);
      await page.setViewportSize({ width: 1280, height: 900 });
      const header = await page.locator('.site-header').boundingBox();
      expect(header?.height).toBeLessThanOrEqual(72);
    } finally {
      await plain.close();
    }
  });
});
