import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../src/pages/page-context';
import { PAGE_RENDER_BUDGET, RenderBudgetExceeded } from '../src/pages/render-budget';
import { type PageRenderer, createPageRenderer } from '../src/pages/render-page';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { themeFiles } from '../src/pages/theme-files';

function lockContext(extra: Record<string, unknown> = {}): PageContext {
  return {
    pageType: 103,
    website: { id: 'w', siteTitle: 'Site <1>', language: 'en-US', currency: 'USD' },
    websiteSettings: {},
    collection: { id: 'c1', title: 'Members' } as PageContext['collection'],
    navigation: [],
    localizedStrings: {},
    cartUrl: '/cart',
    ...extra,
  } as PageContext;
}

/** A theme whose lock-screen template is hostile: a costly formatter in a huge loop. */
function hostileTheme(template: string) {
  return { ...themeFiles(), pages: { ...themeFiles().pages, 'lock-screen': template } };
}

describe('page render budget', () => {
  it('answers the budget error page when a template runs past its deadline', () => {
    const logged: unknown[] = [];
    const renderer = createPageRenderer({
      theme: hostileTheme('{.repeated section items}{big|slugify}{.end}'),
    });
    const started = Date.now();
    const html = renderer.render(
      lockContext({ items: new Array(1_000_000).fill(1), big: 'a b '.repeat(10_000) }),
      { error: (obj) => logged.push(obj) },
    );
    // The page budget (250 ms), not the engine's default second, ends it.
    expect(Date.now() - started).toBeLessThan((PAGE_RENDER_BUDGET.maxRenderMs ?? 0) + 1500);
    expect(html).toContain('<h1>This page could not be displayed</h1>');
    expect(html).toContain('data-render-error="TIME_LIMIT"');
    expect(html).toContain('Site &lt;1&gt;');
    expect(logged).toHaveLength(1);
  });

  it('answers the budget error page when a formatter builds a huge string', () => {
    const renderer = createPageRenderer({ theme: hostileTheme(`{s${'|json'.repeat(30)}}`) });
    // 10 M characters that |json doubles: the first call passes the 20 M output limit, so
    // the string limit ends the render long before the time budget could, however busy the
    // machine is.
    const html = renderer.render(lockContext({ s: '"\\'.repeat(5_000_000) }));
    expect(html).toContain('data-render-error="STRING_LIMIT"');
  });

  it('renders ordinary pages within the default budget', () => {
    expect(PAGE_RENDER_BUDGET.maxRenderMs).toBeGreaterThan(0);
    const html = createPageRenderer().render(lockContext());
    expect(html).toContain('This page is password protected.');
  });

  it('renders the same page as bytes (what the server sends) as it does as a string', () => {
    const renderer = createPageRenderer();
    // Non-ASCII in the data and the title: the bytes are UTF-8, as Buffer.from would make them.
    const context = () =>
      lockContext({ website: { id: 'w', siteTitle: 'Café — Ünïcode 🍵', language: 'en-US' } });
    const bytes = renderer.renderBytes(context());
    expect(bytes.equals(Buffer.from(renderer.render(context())))).toBe(true);
    expect(bytes.toString()).toContain('Café — Ünïcode 🍵');
  });

  it('throws the budget failure from the bytes render (what the server sends and caches)', () => {
    const renderer = createPageRenderer({ theme: hostileTheme(`{s${'|json'.repeat(30)}}`) });
    expect(() => renderer.renderBytes(lockContext({ s: '"\\'.repeat(100_000) }))).toThrow(
      RenderBudgetExceeded,
    );
  });
});

describe.each(backends)('a page stopped by its render budget, served on %s', (backend) => {
  let site: TestSite;
  let stopNext = true;
  const real = createPageRenderer();

  beforeAll(async () => {
    // The theme's renderer, except that its next render runs out of time (a busy moment).
    const renderer: PageRenderer = {
      render: (context, log, locale) => real.render(context, log, locale),
      renderBytes(context, log, locale) {
        if (!stopNext) return real.renderBytes(context, log, locale);
        stopNext = false;
        throw new RenderBudgetExceeded({
          type: 'engine',
          code: 'TIME_LIMIT',
          message: 'RuntimeError: Render exceeds its time budget of 250 ms',
          line: 0,
          column: 0,
          frame: '',
        });
      },
      get cacheSize() {
        return real.cacheSize;
      },
    };
    site = await createTestSite(backend, { appOptions: { pageRenderer: renderer } });
  });
  afterAll(() => site.app.close());

  it('answers 503 with Retry-After, is not cached, and the next visit gets the page', async () => {
    const stopped = await site.request({ method: 'GET', url: '/shop' });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.headers['retry-after']).toBe('5');
    expect(stopped.headers['cache-control']).toBe('no-store');
    expect(stopped.body).toContain('data-render-error="TIME_LIMIT"');

    const next = await site.request({ method: 'GET', url: '/shop' });
    expect(next.statusCode).toBe(200);
    expect(next.body).not.toContain('data-render-error');
    expect(next.body).toContain('</html>');
  });
});
