import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_FAVICON_HASH } from '../../src/services/branding/site-icons';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, eventually, listenSiteChanged, ownerClient } from './studio-helpers';

const DRAFT_EDITOR = 16;
const EDITOR = 4;

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----branding-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The images an .ico holds: [width, height, is PNG] from its directory. */
function icoImages(ico: Buffer): [number, number, boolean][] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const at = 6 + 16 * i;
    const offset = ico.readUInt32LE(at + 12);
    const png = ico
      .subarray(offset, offset + 8)
      .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    return [ico.readUInt8(at) || 256, ico.readUInt8(at + 1) || 256, png];
  });
}

const NO_BRANDING = { logo: null, faviconMediaId: null, socialLinks: [], embedOrigins: [] };

describe.each(backends)('branding: logo, icon and social links on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-branding-'));
  const visit = (url: string) => site.request({ method: 'GET', url, crumb: false });
  const upload = async (name: string, png: Buffer) => {
    const res = await site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      ...multipart(name, 'image/png', png),
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; assetUrl: string };
  };

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    ({ call, session } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with none: the site title in the header and the theme’s icon in every size', async () => {
    const branding = (await call('GET', '/api/studio/branding')).json();
    expect(branding).toMatchObject({ logo: null, favicon: null, socialLinks: [], embedOrigins: [] });
    expect(branding.playerOrigins).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://w.soundcloud.com',
      'https://open.spotify.com',
    ]);
    const home = (await visit('/')).body;
    expect(home).toContain('<a class="site-brand site-title" href="/">');
    expect(home).toContain('<link rel="icon" href="/favicon.svg" sizes="any" type="image/svg+xml">');
    expect(home).toContain(`href="/favicon/${THEME_FAVICON_HASH}/apple-touch-icon.png" sizes="180x180"`);
    expect(home).not.toContain('site-social');
    for (const [name, size] of [
      ['icon-16.png', 16],
      ['icon-32.png', 32],
      ['apple-touch-icon.png', 180],
      ['icon-512.png', 512],
    ] as const) {
      const res = await visit(`/favicon/${THEME_FAVICON_HASH}/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    const ico = await visit('/favicon.ico');
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(icoImages(ico.rawPayload)).toEqual([
      [16, 16, true],
      [32, 32, true],
      [48, 48, true],
    ]);
  });

  it('shows the chosen logo with its alt text on every page, at once', async () => {
    const png = await sharp({ create: { width: 480, height: 120, channels: 4, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const logo = await upload('Our logo.png', png);
    const listener = await listenSiteChanged(backend);
    const res = await call('PUT', '/api/studio/branding', {
      ...NO_BRANDING,
      logo: { mediaId: logo.id, alt: 'Juniper & Oak, hand-made goods' },
    });
    expect(res.statusCode).toBe(200);
    const hash = logo.assetUrl.split('/')[2];
    expect(res.json().logo).toEqual({
      mediaId: logo.id,
      alt: 'Juniper & Oak, hand-made goods',
      src: `/media/${hash}/logo.png`,
      width: 480,
      height: 120,
    });
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    for (const url of ['/', '/shop', '/shop/p/classic-tee', '/cart']) {
      const body = (await visit(url)).body;
      expect(body, url).toContain(
        `<img class="site-logo" src="/media/${hash}/logo.png" srcset="/media/${hash}/logo.png?format=300w 300w, /media/${hash}/logo.png 480w" sizes="160px" width="480" height="120" alt="Juniper &amp; Oak, hand-made goods">`,
      );
      expect(body, url).not.toContain('site-brand site-title');
    }
    expect((await visit(`/media/${hash}/logo.png`)).statusCode).toBe(200);
  });

  it.each([
    [{ logo: { mediaId: 'x', alt: '' } }, 'Describe the logo'],
    [
      { logo: { mediaId: '00000000-0000-0000-0000-000000000000', alt: 'Logo' } },
      'The logo image is not in the media library.',
    ],
    [
      { faviconMediaId: '00000000-0000-0000-0000-000000000000' },
      'The icon image is not in the media library.',
    ],
  ])('refuses %j: %s', async (patch, message) => {
    const res = await call('PUT', '/api/studio/branding', { ...NO_BRANDING, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('makes the icon’s sizes from an uploaded image with sharp and serves them with their types', async () => {
    const png = await sharp({
      create: { width: 600, height: 400, channels: 4, background: { r: 200, g: 60, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const image = await upload('icon.png', png);
    const res = await call('PUT', '/api/studio/branding', { ...NO_BRANDING, faviconMediaId: image.id });
    expect(res.statusCode).toBe(200);
    const { favicon, icons } = res.json();
    expect(favicon.mediaId).toBe(image.id);
    expect(favicon.hash).toMatch(/^[a-f0-9]{24}$/);
    expect(favicon.hash).not.toBe(THEME_FAVICON_HASH);
    const base = `/favicon/${favicon.hash}`;
    expect(icons).toEqual([
      { rel: 'icon', href: `${base}/favicon.ico`, sizes: '16x16 32x32 48x48', type: 'image/x-icon' },
      { rel: 'icon', href: `${base}/icon-32.png`, sizes: '32x32', type: 'image/png' },
      { rel: 'icon', href: `${base}/icon-192.png`, sizes: '192x192', type: 'image/png' },
      { rel: 'apple-touch-icon', href: `${base}/apple-touch-icon.png`, sizes: '180x180', type: 'image/png' },
    ]);
    const sizes: [string, number][] = [
      ['icon-16.png', 16],
      ['icon-32.png', 32],
      ['icon-48.png', 48],
      ['apple-touch-icon.png', 180],
      ['icon-192.png', 192],
      ['icon-512.png', 512],
    ];
    for (const [name, size] of sizes) {
      const file = await visit(`${base}/${name}`);
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Never runnable: no sniffing, and a sandbox if it were ever opened as a document.
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', size, size]);
    }
    // The iOS icon is opaque (iOS paints transparency black); the others keep it.
    expect((await sharp((await visit(`${base}/apple-touch-icon.png`)).rawPayload).metadata()).hasAlpha).toBe(
      false,
    );
    const corner = await sharp((await visit(`${base}/icon-512.png`)).rawPayload)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);
    const ico = await visit(`${base}/favicon.ico`);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(icoImages(ico.rawPayload)).toEqual([
      [16, 16, true],
      [32, 32, true],
      [48, 48, true],
    ]);
    // The fixed addresses browsers try on their own answer the site's icon too.
    expect((await visit('/favicon.ico')).rawPayload.equals(ico.rawPayload)).toBe(true);
    const touch = await visit('/apple-touch-icon.png');
    expect((await sharp(touch.rawPayload).metadata()).width).toBe(180);
    const manifest = await visit('/site.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.json().icons).toEqual([
      { src: `${base}/icon-192.png`, sizes: '192x192', type: 'image/png' },
      { src: `${base}/icon-512.png`, sizes: '512x512', type: 'image/png' },
    ]);
    const home = (await visit('/')).body;
    expect(home).toContain(
      `<link rel="icon" href="${base}/favicon.ico" sizes="16x16 32x32 48x48" type="image/x-icon">`,
    );
    expect(home).not.toContain('/favicon.svg');
    expect(home).toContain('<link rel="manifest" href="/site.webmanifest">');
    // Only the icon's own names, under a hash of the right shape.
    for (const url of [
      `${base}/original.png`,
      `${base}/icon-16.svg`,
      '/favicon/nothex/icon-16.png',
      `${base}/../x`,
    ])
      expect((await visit(url)).statusCode, url).toBe(404);
  });

  it('keeps validated social profiles and draws each with the theme’s icon in the header and footer', async () => {
    const res = await call('PUT', '/api/studio/branding', {
      ...NO_BRANDING,
      socialLinks: [
        { network: 'instagram', url: 'https://www.instagram.com/juniperoak' },
        { network: 'x', url: 'https://x.com/juniperoak' },
        { network: 'email', url: 'hello@juniper-oak.test' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().socialLinks).toEqual([
      { network: 'instagram', url: 'https://www.instagram.com/juniperoak' },
      { network: 'x', url: 'https://x.com/juniperoak' },
      { network: 'email', url: 'mailto:hello@juniper-oak.test' },
    ]);
    const body = (await visit('/about')).body;
    const header = body.slice(body.indexOf('<header'), body.indexOf('</header>'));
    const footer = body.slice(body.indexOf('<footer'), body.indexOf('</footer>'));
    expect(header).toContain(
      '<a href="https://www.instagram.com/juniperoak" rel="noopener me" aria-label="Instagram" title="Instagram"><svg class="icon" aria-hidden="true" focusable="false"><use href="#icon-instagram"></use></svg></a>',
    );
    expect(header).toContain('aria-label="E-mail"');
    expect(footer).toContain('<use href="#icon-x"></use></svg><span>X</span>');
    expect(footer).toContain('href="mailto:hello@juniper-oak.test"');
    // The icons are drawn inline from the theme (one symbol each, nothing fetched).
    for (const name of ['instagram', 'x', 'email'])
      expect(body).toContain(`<symbol id="icon-${name}" viewBox="0 0 24 24">`);
    expect(body).not.toContain('<symbol id="icon-tiktok"');
  });

  it.each([
    [
      { network: 'instagram', url: 'https://facebook.com/juniperoak' },
      'Instagram links must be instagram.com addresses',
    ],
    [
      { network: 'facebook', url: 'http://facebook.com/juniperoak' },
      'Facebook addresses start with https://',
    ],
    [{ network: 'youtube', url: 'javascript:alert(1)' }, 'YouTube addresses start with https://'],
    [{ network: 'email', url: 'not-an-address' }, 'Enter an e-mail address'],
    [{ network: 'myspace', url: 'https://myspace.com/x' }, 'socialLinks'],
  ])('refuses the profile %j: %s', async (link, message) => {
    const res = await call('PUT', '/api/studio/branding', { ...NO_BRANDING, socialLinks: [link] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('refuses more than 12 profiles', async () => {
    const links = Array.from({ length: 13 }, (_, i) => ({
      network: 'website',
      url: `https://example${i}.com`,
    }));
    const res = await call('PUT', '/api/studio/branding', { ...NO_BRANDING, socialLinks: links });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('at most 12 profiles');
  });

  it('is the design’s to read and save: a Draft editor reads, an Editor saves, a visitor is refused', async () => {
    const drafter = (await contributorSession(backend, site, DRAFT_EDITOR)).cookie;
    const editor = (await contributorSession(backend, site, EDITOR)).cookie;
    const as = (cookie: string, method: 'GET' | 'PUT') =>
      site.request({
        method,
        url: '/api/studio/branding',
        cookies: { siteUserSession: cookie },
        ...(method === 'PUT' ? { payload: NO_BRANDING } : {}),
      });
    expect((await as(drafter, 'GET')).statusCode).toBe(200);
    const denied = await as(drafter, 'PUT');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Your role (Draft editor) cannot change the design.');
    expect((await as(editor, 'PUT')).statusCode).toBe(200);
    expect((await site.request({ method: 'GET', url: '/api/studio/branding' })).statusCode).toBe(401);
  });
});
