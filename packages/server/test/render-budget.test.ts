import { describe, expect, it } from 'vitest';
import type { PageContext } from '../src/pages/page-context';
import { PAGE_RENDER_BUDGET } from '../src/pages/render-budget';
import { createPageRenderer } from '../src/pages/render-page';
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
    const html = renderer.render(lockContext({ s: '"\\'.repeat(100_000) }));
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

  it('answers the budget error page as bytes too', () => {
    const renderer = createPageRenderer({ theme: hostileTheme(`{s${'|json'.repeat(30)}}`) });
    const bytes = renderer.renderBytes(lockContext({ s: '"\\'.repeat(100_000) }));
    expect(bytes.toString()).toContain('data-render-error="STRING_LIMIT"');
  });
});
