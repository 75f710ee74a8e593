import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCKS_PER_LAYOUT,
  TOO_MANY_BLOCKS_MESSAGE,
  blockTypeNames,
  checkLayout,
  defaultProps,
} from './index';
import { markdownToHtml } from './markdown';
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
    ['- one\n- two', '<ul><li>one</li><li>two</li></ul>'],
    ['1. one\n2. two', '<ol><li>one</li><li>two</li></ol>'],
    ['[x](https://e.com)', '<p><a href="https://e.com">x</a></p>'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    ['<img onerror=x>', '<p>&lt;img onerror=x&gt;</p>'],
  ])('%j → %j', (source, html) => {
    expect(markdownToHtml(source)).toBe(html);
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
