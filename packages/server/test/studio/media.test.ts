import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----studio-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('media library on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-media-'));
  const upload = (filename: string, type: string, body: Buffer, crumb = true) =>
    site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      crumb,
      ...multipart(filename, type, body),
    });

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    ({ call, session } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resizes an upload to the spec widths it can fill (never upscaled) and serves them under immutable URLs', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const res = await upload('Shop Front.PNG', 'image/png', png);
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({
      originalSize: '1200x800',
      systemDataVariants: '100w,300w,500w,750w,1000w',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    });
    expect(asset.assetUrl).toMatch(/^\/media\/[a-f0-9]{24}\/shop-front\.png$/);
    const variant = await site.request({ method: 'GET', url: `${asset.assetUrl}?format=500w` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toContain('immutable');
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(500);
    const original = await site.request({ method: 'GET', url: `${asset.assetUrl}?format=original` });
    expect(original.headers['content-type']).toBe('image/png');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
  });

  it('an image block with a library image renders srcset of the real widths', async () => {
    const [asset] = (await call('GET', '/api/studio/media')).json().media;
    const page = (await call('POST', '/api/studio/pages', { title: 'Gallery page' })).json();
    const layout = {
      sections: [{ id: 's', blocks: [{ id: 'i', type: 'image', props: { image: asset, alt: 'Our shop' } }] }],
    };
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const html = (await site.request({ method: 'GET', url: '/gallery-page' })).body;
    expect(html).toContain(`src="${asset.assetUrl}?format=1000w"`);
    expect(html).toContain(`${asset.assetUrl}?format=100w 100w,${asset.assetUrl}?format=300w 300w`);
    expect(html).toContain(`${asset.assetUrl}?format=1000w 1000w,${asset.assetUrl}?format=original 1500w`);
    expect(html).toContain('alt="Our shop"');
  });

  it('a gallery block shows library images with the spec defaults, at most 50', async () => {
    const [asset] = (await call('GET', '/api/studio/media')).json().media;
    const page = (await call('POST', '/api/studio/pages', { title: 'Photos' })).json();
    const entry = { image: asset, title: 'Front' };
    const layout = (n: number, props: Record<string, unknown> = {}) => ({
      sections: [
        {
          id: 's',
          blocks: [{ id: 'g', type: 'gallery', props: { images: Array(n).fill(entry), ...props } }],
        },
      ],
    });
    const res = await call('POST', `/api/studio/pages/${page.id}/publish`, { layout: layout(2) });
    expect(res.statusCode).toBe(200);
    const html = (await site.request({ method: 'GET', url: '/photos' })).body;
    expect(html).toContain(
      'class="gallery-block gallery-block--grid gallery-ratio--square gallery-meta--bottom gallery-square-thumbs gallery-align--center" id="gallery-g" style="--gallery-columns:4;--gallery-gap:20px;--gallery-slide-width:300px;--gallery-thumb-height:80px;--gallery-thumb-margin:20px" data-autoplay="false" data-autoplay-duration="5" data-lightbox="false" data-lightbox-theme="dark"',
    );
    expect(html.match(/class="gallery-item"/g)).toHaveLength(2);
    expect(html).toContain(`${asset.assetUrl}?format=500w 500w`);
    expect(html).toContain('<figcaption>Front</figcaption>');
    const tooMany = await call('POST', `/api/studio/pages/${page.id}/publish`, { layout: layout(51) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('A gallery can hold at most 50 images.');
    const badOption = await call('POST', `/api/studio/pages/${page.id}/publish`, {
      layout: layout(1, { autoplayDuration: 11 }),
    });
    expect(badOption.statusCode).toBe(400);
  });

  it('serves the gallery script the block template loads, revalidated by ETag', async () => {
    const res = await site.request({ method: 'GET', url: '/assets/blocks/gallery.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain('.gallery-lightbox:target');
    const again = await site.request({
      method: 'GET',
      url: '/assets/blocks/gallery.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      '/assets/blocks/nope.js',
      '/assets/blocks/..%2Flayout.html',
      '/assets/blocks/blocks.css',
    ])
      expect((await site.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps a small image at its own size only', async () => {
    const tiny = await sharp({ create: { width: 80, height: 40, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const asset = (await upload('dot.png', 'image/png', tiny)).json();
    expect(asset.systemDataVariants).toBe('');
    expect(
      (await site.request({ method: 'GET', url: `${asset.assetUrl}?format=500w` })).headers['content-type'],
    ).toBe('image/png');
  });

  it.each([
    ['notes.txt', 'text/plain', Buffer.from('hello'), 415, 'unsupported file type'],
    [
      'broken.png',
      'image/png',
      Buffer.from('not really a png'),
      422,
      'There was a problem while uploading your file.',
    ],
  ])('refuses %s with %i "%s"', async (name, type, body, status, message) => {
    const res = await upload(name, type, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('stores and serves the type sharp reads from the bytes, not the one the browser sent', async () => {
    const pixels = sharp({ create: { width: 120, height: 60, channels: 3, background: '#c0ffee' } });
    const cases: [string, string, Buffer, string, string][] = [
      ['photo.jpg', 'image/jpeg', await pixels.clone().png().toBuffer(), 'png', 'image/png'],
      ['anim.webp', 'image/webp', await pixels.clone().gif().toBuffer(), 'gif', 'image/gif'],
      ['still.bin', 'application/octet-stream', await pixels.clone().jpeg().toBuffer(), 'jpg', 'image/jpeg'],
    ];
    for (const [name, claimed, body, ext, type] of cases) {
      const res = await upload(name, claimed, body);
      expect(res.statusCode).toBe(201);
      const { assetUrl } = res.json();
      expect(assetUrl.split('.').pop()).toBe(ext);
      const original = await site.request({ method: 'GET', url: `${assetUrl}?format=original` });
      expect(original.headers['content-type']).toBe(type);
      expect(original.headers['x-content-type-options']).toBe('nosniff');
      expect(original.rawPayload.equals(body)).toBe(true);
    }
  });

  it.each([
    [
      'logo.png',
      'image/png',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__xss=1</script></svg>',
    ],
    ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'],
  ])(
    'refuses an SVG (%s sent as %s) whatever it is called: only raster images are kept',
    async (name, type, svg) => {
      const res = await upload(name, type, Buffer.from(svg));
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe('unsupported file type');
      expect(
        (await call('GET', '/api/studio/media')).json().media.map((m: { filename: string }) => m.filename),
      ).not.toContain(name);
    },
  );

  it('refuses a TIFF sent as a JPEG', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const res = await upload('scan.jpg', 'image/jpeg', tiff);
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file past the size limit with "file too large"', async () => {
    const res = await upload('huge.png', 'image/png', Buffer.alloc(20 * 1000 * 1000 + 10));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('file too large');
  });

  it('renames, sets alt text and focal point; refuses an empty name', async () => {
    const [asset] = (await call('GET', '/api/studio/media')).json().media;
    const res = await call('PATCH', `/api/studio/media/${asset.id}`, {
      filename: 'Front.png',
      altText: 'Shop front',
      focalPoint: { x: 0.2, y: 0.7 },
    });
    expect(res.json()).toMatchObject({
      filename: 'Front.png',
      altText: 'Shop front',
      mediaFocalPoint: { x: 0.2, y: 0.7 },
    });
    const bad = await call('PATCH', `/api/studio/media/${asset.id}`, { filename: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Please enter a file name');
  });

  it('is owner-only and crumb-protected; delete removes the files', async () => {
    expect((await site.request({ method: 'GET', url: '/api/studio/media' })).statusCode).toBe(401);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await upload('x.png', 'image/png', png, false)).statusCode).toBe(403);
    const asset = (await upload('x.png', 'image/png', png)).json();
    expect((await call('DELETE', `/api/studio/media/${asset.id}`)).statusCode).toBe(200);
    expect((await site.request({ method: 'GET', url: `${asset.assetUrl}?format=300w` })).statusCode).toBe(
      404,
    );
  });
});
