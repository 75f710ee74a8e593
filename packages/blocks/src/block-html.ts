import type { HtmlKind } from './html-policy';
import type { Block, Layout } from './layout';

/** A sanitiser for contributor HTML: the server's sanitize-html or the browser's DOMPurify. */
export type CleanHtml = (html: string, kind: HtmlKind) => string;

/** Block props that hold HTML, by block type, with the rules each follows. */
export const BLOCK_HTML_PROPS: Readonly<Record<string, Readonly<Record<string, HtmlKind>>>> = {
  text: { html: 'rich' },
  code: { html: 'embed' },
  video: { embedCode: 'embed' },
  embed: { embedCode: 'embed' },
};

/** A block's props with each HTML prop cleaned (the same object when it has none). */
export function cleanBlockProps(block: Block, clean: CleanHtml): Record<string, unknown> {
  const html = BLOCK_HTML_PROPS[block.type];
  if (!html) return block.props;
  const props = { ...block.props };
  for (const [name, kind] of Object.entries(html))
    if (typeof props[name] === 'string') props[name] = clean(props[name], kind);
  return props;
}

/** A copy of a layout whose blocks' HTML props are cleaned. */
export function cleanLayout(layout: Layout, clean: CleanHtml): Layout {
  return {
    ...layout,
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) => ({ ...block, props: cleanBlockProps(block, clean) })),
    })),
  };
}
