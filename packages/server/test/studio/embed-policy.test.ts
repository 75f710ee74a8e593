import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/plugins/security-headers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

const block = (id: string, type: string, props: Record<string, unknown>) => ({ id, type, props });
const layoutOf = (...blocks: ReturnType<typeof block>[]) => ({ sections: [{ id: 's1', blocks }] });

/** A Content-Security-Policy as directive → sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

const STRICT = String(SECURITY_HEADERS.find(([name]) => name === 'content-security-policy')?.[1]);
const NO_BRANDING = { logo: null, faviconMediaId: null, socialLinks: [] };

describe.each(backends)('each page’s Content-Security-Policy admits exactly its embeds, on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  const visit = (url: string) => site.request({ method: 'GET', url, crumb: false });
  /** Publish a new page of these blocks; its address. */
  const publish = async (title: string, ...blocks: ReturnType<typeof block>[]) => {
    const page = (
      await call('POST', '/api/studio/pages', { title, kind: 'page', addToNavigation: false })
    ).json();
    const res = await call('POST', `/api/studio/pages/${page.id}/publish`, { layout: layoutOf(...blocks) });
    expect(res.statusCode).toBe(200);
    return { id: page.id as string, url: `/${page.urlId}` };
  };
  const allow = (embedOrigins: string[]) =>
    call('PUT', '/api/studio/branding', { ...NO_BRANDING, embedOrigins });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('a page with a YouTube block allows exactly youtube-nocookie.com, also when answered from the cache', async () => {
    const { url } = await publish(
      'Film night',
      block('v', 'video', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    );
    const first = await visit(url);
    expect(first.body).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video" loading="lazy"',
    );
    const csp = directives(first.headers['content-security-policy']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    // Nothing else moves: every other directive is the site's strict one.
    const { 'frame-src': _frames, ...rest } = csp;
    const { 'frame-src': _strictFrames, ...strictRest } = directives(STRICT);
    expect(rest).toEqual(strictRest);
    const again = await visit(url);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // The page's JSON embeds nothing: the strict policy.
    expect((await visit(`${url}?format=json`)).headers['content-security-policy']).toBe(STRICT);
  });

  it('a page without embeds keeps the strict policy', async () => {
    for (const url of ['/', '/about', '/shop', '/shop/p/classic-tee', '/no-such-page'])
      expect((await visit(url)).headers['content-security-policy'], url).toBe(STRICT);
    const { url } = await publish(
      'Kiln sounds',
      block('a', 'audio', { src: '/media/0123456789abcdef01234567/kiln.mp3', title: 'Kiln' }),
      block('v', 'video', { url: 'https://cdn.example.com/film.mp4' }),
    );
    const page = await visit(url);
    // The site's own file plays under 'self'; a file elsewhere is only a link.
    expect(page.body).toContain('<audio src="/media/0123456789abcdef01234567/kiln.mp3" controls');
    expect(page.body).toContain('<a href="https://cdn.example.com/film.mp4" rel="noopener">');
    expect(page.headers['content-security-policy']).toBe(STRICT);
  });

  it('Vimeo, SoundCloud and Spotify blocks allow their three player origins and no other', async () => {
    const { url } = await publish(
      'Listening room',
      block('v', 'video', { url: 'https://vimeo.com/76979871', caption: 'Studio tour' }),
      block('s', 'audio', { src: 'https://soundcloud.com/forss/flickermood', title: 'Flickermood' }),
      block('p', 'audio', { src: 'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3' }),
      block('x', 'video', { url: 'https://www.youtube.com/watch?v=not-an-id' }),
    );
    const page = await visit(url);
    expect(directives(page.headers['content-security-policy'])['frame-src']).toEqual([
      "'self'",
      'https://open.spotify.com',
      'https://player.vimeo.com',
      'https://w.soundcloud.com',
    ]);
    expect(page.body).toContain('title="Studio tour"');
    expect(page.body).toContain('title="Flickermood"');
    expect(page.body).toContain('title="Spotify player"');
    expect(page.body).toContain('<a href="https://www.youtube.com/watch?v=not-an-id" rel="noopener">');
  });

  it('a pasted youtube.com frame in a code block becomes the privacy-enhanced player; any other frame goes', async () => {
    const { url } = await publish(
      'Pasted',
      block('c', 'code', {
        html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" width="560"></iframe><iframe src="https://evil.example/x"></iframe>',
      }),
    );
    const page = await visit(url);
    expect(page.body).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" loading="lazy"></iframe>',
    );
    expect(page.body).not.toContain('evil.example');
    expect(directives(page.headers['content-security-policy'])['frame-src']).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
    ]);
  });

  it('an origin the owner allows frames and plays on the pages that use it, until it is taken off the list', async () => {
    expect(
      (await allow(['https://Media.Example.org/', 'https://media.example.org'])).json().embedOrigins,
    ).toEqual(['https://media.example.org']);
    const { url } = await publish(
      'Allowed embeds',
      block('v', 'video', { url: 'https://media.example.org/films/tour.mp4' }),
      block('c', 'code', { html: '<iframe src="https://media.example.org/player/7" title="Tour"></iframe>' }),
    );
    const page = await visit(url);
    expect(page.body).toContain('<video src="https://media.example.org/films/tour.mp4" controls');
    expect(page.body).toContain(
      '<iframe src="https://media.example.org/player/7" title="Tour" loading="lazy"></iframe>',
    );
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://media.example.org']);
    expect(csp['media-src']).toEqual(["'self'", 'https://media.example.org']);
    // Pages that do not use it are not widened.
    expect((await visit('/about')).headers['content-security-policy']).toBe(STRICT);

    expect((await allow([])).statusCode).toBe(200);
    const after = await visit(url);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).not.toContain('<iframe');
    expect(after.body).toContain('<a href="https://media.example.org/films/tour.mp4" rel="noopener">');
    expect(after.headers['content-security-policy']).toBe(STRICT);
  });

  it.each([
    ['http://media.example.org', 'is not an https origin'],
    ['https://media.example.org/path', 'is not an https origin'],
    ["https://example.org 'unsafe-inline'", 'is not an https origin'],
    ['*', 'is not an https origin'],
  ])('refuses the embed origin %j', async (origin, message) => {
    const res = await allow([origin]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('an embed block frames a known player or an allowed origin, keeps embed code to the same rules, and links anything else', async () => {
    const { url } = await publish(
      'Listen and watch',
      block('e1', 'embed', { url: 'https://vimeo.com/76979871', title: 'Studio film' }),
      block('e2', 'embed', { url: 'https://soundcloud.com/forss/flickermood' }),
      block('e3', 'embed', { url: 'https://tracker.example.net/widget' }),
      block('e4', 'embed', {
        embedCode:
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://evil.example/x"></iframe><script>alert(1)</script>',
      }),
      block('e5', 'embed', {}),
    );
    const page = await visit(url);
    expect(page.body).toContain('<iframe src="https://player.vimeo.com/video/76979871" title="Studio film"');
    expect(page.body).toContain('<iframe src="https://w.soundcloud.com/player/?url=');
    expect(page.body).toContain(
      '<p class="embed-link"><a href="https://tracker.example.net/widget" rel="noopener">',
    );
    expect(page.body).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(page.body).not.toContain('evil.example');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('<p class="block-empty">Add an address or embed code.</p>');
    const frames = directives(page.headers['content-security-policy'])['frame-src'];
    expect(new Set(frames)).toEqual(
      new Set([
        "'self'",
        'https://player.vimeo.com',
        'https://w.soundcloud.com',
        'https://www.youtube-nocookie.com',
      ]),
    );
  });

  it('the studio’s preview may frame every known player and the allowed origins', async () => {
    await allow(['https://media.example.org']);
    const studio = await site.request({ method: 'GET', url: '/config/pages', crumb: false });
    const csp = directives(studio.headers['content-security-policy']);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://w.soundcloud.com',
      'https://open.spotify.com',
      'https://media.example.org',
    ]);
    expect(String(studio.headers['content-security-policy'])).toContain("require-trusted-types-for 'script'");
    await allow([]);
  });
});
