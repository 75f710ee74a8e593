import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageContext } from '../src/pages/page-context';
import { createPageRenderer } from '../src/pages/render-page';
import { themeFiles } from '../src/pages/theme-files';
import { activeContent } from './helpers/active-content';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { type Call, ownerClient } from './studio/studio-helpers';

/** Runs of Markdown syntax that never close: what made the old renderer go quadratic. */
const HOSTILE_UNITS = [
  '[',
  '*',
  '![',
  '**a',
  '_',
  '`',
  '[x](javascript:',
  '<script>window.__xss=1</script>',
  '\\',
  '> [',
];
const hostile = (i: number) => {
  const unit = HOSTILE_UNITS[i % HOSTILE_UNITS.length] ?? '[';
  return unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000);
};

describe.each(backends)('a page of long hostile Markdown on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('publishes 45 blocks of 20,000 hostile characters, renders them once, and serves the page escaped', async () => {
    const { id, urlId } = (
      await call('POST', '/api/studio/pages', { title: 'Markdown wall', kind: 'page' })
    ).json();
    const blocks = Array.from({ length: 45 }, (_, i) => ({
      id: `md${i}`,
      type: 'markdown',
      props: { markdown: hostile(i) },
    }));
    const layout = { sections: [{ id: 's', blocks }] };
    expect((await call('POST', `/api/studio/pages/${id}/publish`, { layout })).statusCode).toBe(200);
    // Rendered once, at publish, and kept with the block.
    const published = (await call('GET', `/api/studio/pages/${id}/layout`)).json().published;
    for (const block of published.sections[0].blocks)
      expect(typeof block.props.rendered?.html).toBe('string');

    const page = await site.request({ method: 'GET', url: `/${urlId}`, crumb: false });
    expect(page.statusCode).toBe(200);
    // Not the budget's error page: every block's HTML is in it.
    expect(page.body).not.toContain('data-render-error');
    expect(page.body.match(/class="markdown-block rich-text"/g)).toHaveLength(45);
    expect(page.body).toContain('[[[[[[[[[[');
    expect(page.body).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(activeContent(page.body)).toEqual([]);
  });
});

describe('block templates and the page render budget', () => {
  it('stops a page whose block template runs past the budget, like a page template', () => {
    const theme = themeFiles();
    // A block template that loops over a huge list with a costly formatter.
    const hostileTheme = {
      ...theme,
      blocks: { ...theme.blocks, heading: '{.repeated section website.many}{website.big|slugify}{.end}' },
    };
    const context = {
      pageType: 1,
      website: {
        id: 'w',
        siteTitle: 'Site',
        language: 'en-US',
        currency: 'USD',
        many: new Array(1_000_000).fill(1),
        big: 'a b '.repeat(10_000),
      },
      websiteSettings: {},
      collection: { id: 'c', title: 'Page', urlId: 'page' },
      navigation: [],
      localizedStrings: {},
      cartUrl: '/cart',
      layout: {
        sections: [{ id: 's', blocks: [{ id: 'h', type: 'heading', props: { text: 'Hi', level: 2 } }] }],
      },
    } as unknown as PageContext;
    const html = createPageRenderer({ theme: hostileTheme }).render(context);
    expect(html).toContain('data-render-error="TIME_LIMIT"');
  });
});
