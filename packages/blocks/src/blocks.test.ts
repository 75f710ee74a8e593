import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCKS_PER_LAYOUT,
  TOO_MANY_BLOCKS_MESSAGE,
  blockTypeNames,
  checkLayout,
  defaultProps,
} from './index';
import { markdownToHtml, renderMarkdownProp, storedMarkdownHtml } from './markdown';
import { renderLayout } from './render-layout';

describe('checkLayout', () => {
  it.each(blockTypeNames)('accepts a new %s block with its default props', (type) => {
    const checked = checkLayout({
      sections: [{ id: 's', blocks: [{ id: 'a', type, props: defaultProps(type) }] }],
    });
    expect(checked.ok).toBe(true);
  });

  it('fills defaults and caps the layout at 60 blocks (spec §9)', () => {
    const blocks = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `b${i}`, type: 'spacer', props: {} }));
    const ok = checkLayout({ sections: [{ id: 's', blocks: blocks(MAX_BLOCKS_PER_LAYOUT) }] });
    expect(ok.ok && ok.layout.sections[0]?.blocks[0]?.props).toEqual({ height: 48 });
    const over = checkLayout({
      sections: [
        { id: 's', blocks: blocks(30) },
        { id: 't', blocks: blocks(31).map((b) => ({ ...b, id: `x${b.id}` })) },
      ],
    });
    expect(over).toEqual({ ok: false, message: TOO_MANY_BLOCKS_MESSAGE });
  });
});

describe('markdownToHtml', () => {
  it.each([
    ['# Hi', '<h1>Hi</h1>'],
    ['a **b** *c* `d`', '<p>a <strong>b</strong> <em>c</em> <code>d</code></p>'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['1. one\n2. two', '<ol>\n<li>one</li>\n<li>two</li>\n</ol>'],
    ['[x](https://e.com)', '<p><a href="https://e.com">x</a></p>'],
    ['[x](/shop)', '<p><a href="/shop">x</a></p>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['[x](//evil.example)', '<p>[x](//evil.example)</p>'],
    [
      '![x](data:image/svg+xml,<svg onload=alert(1)>)',
      '<p>![x](data:image/svg+xml,&lt;svg onload=alert(1)&gt;)</p>',
    ],
    ['<img onerror=x>', '<p>&lt;img onerror=x&gt;</p>'],
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ])('%j → %j', (source, html) => {
    expect(markdownToHtml(source).trim()).toBe(html);
  });

  it('renders long runs of brackets, stars and markup as escaped text', () => {
    for (const unit of ['[', '*', '![', '**a', '[\n', '<a href=', '`']) {
      const source = unit.repeat(Math.ceil(20_000 / unit.length)).slice(0, 20_000);
      const html = markdownToHtml(source);
      expect(html.length).toBeGreaterThan(0);
      expect(html).not.toMatch(/<(?!\/?(p|em|strong|code|pre|br|ul|ol|li|h\d|blockquote|hr)\b)[a-z]/i);
    }
  });

  it('reuses a stored rendering only when it was made from the same source by this renderer', () => {
    const rendered = renderMarkdownProp('**bold**');
    expect(storedMarkdownHtml({ markdown: '**bold**', rendered })).toBe('<p><strong>bold</strong></p>\n');
    expect(storedMarkdownHtml({ markdown: '**changed**', rendered })).toBeNull();
    expect(
      storedMarkdownHtml({ markdown: '**bold**', rendered: { html: '<b>x</b>', from: 'old' } }),
    ).toBeNull();
    expect(storedMarkdownHtml({ markdown: '**bold**' })).toBeNull();
  });
});

describe('renderLayout', () => {
  it('wraps each block and renders it with its template and props', () => {
    const compile = (source: string) => ({
      render: (data: unknown) => source.replace('{text}', String((data as { text: string }).text)),
    });
    const html = renderLayout(
      { sections: [{ id: 's1', blocks: [{ id: 'h', type: 'heading', props: { text: 'Hello' } }] }] },
      { templates: { heading: '<h2>{text}</h2>' }, compile },
    );
    expect(html).toBe(
      '<section class="page-section" data-section-id="s1"><div class="sqs-block sqs-block-heading" data-block-type="heading" data-block-id="h"><h2>Hello</h2></div></section>',
    );
  });
});

describe('renderLayout with a sanitiser', () => {
  it('cleans the HTML props of text, code and video blocks before their templates see them', () => {
    const seen: unknown[] = [];
    const compile = () => ({
      render: (data: unknown) => {
        seen.push(data);
        return '';
      },
    });
    renderLayout(
      {
        sections: [
          {
            id: 's',
            blocks: [
              { id: 't', type: 'text', props: { html: '<p>a</p><script>x</script>' } },
              { id: 'c', type: 'code', props: { html: '<iframe src="https://evil.example"></iframe>' } },
              { id: 'v', type: 'video', props: { embedCode: '<b onclick="x">v</b>', url: '' } },
              { id: 'h', type: 'heading', props: { text: '<b>kept as text</b>' } },
            ],
          },
        ],
      },
      {
        templates: { text: '', code: '', video: '', heading: '' },
        compile,
        cleanHtml: (html, kind) => `${kind}|${html}`,
      },
    );
    expect(
      seen.map(
        (d) =>
          (d as Record<string, unknown>).html ??
          (d as Record<string, unknown>).embedCode ??
          (d as Record<string, unknown>).text,
      ),
    ).toEqual([
      'rich|<p>a</p><script>x</script>',
      'embed|<iframe src="https://evil.example"></iframe>',
      'embed|<b onclick="x">v</b>',
      '<b>kept as text</b>',
    ]);
  });
});
