import { type Layout, renderMarkdownProp } from '@store/blocks';

/**
 * A layout about to go live with each markdown block rendered once and stored with it
 * (the `rendered` prop, tied to its source), so page renders reuse the HTML instead of
 * parsing the Markdown again. One block at a time, yielding in between: a page of long,
 * hostile Markdown keeps other requests moving while it publishes.
 */
export async function withRenderedMarkdown(layout: Layout): Promise<Layout> {
  const sections: Layout['sections'] = [];
  for (const section of layout.sections) {
    const blocks: Layout['sections'][number]['blocks'] = [];
    for (const block of section.blocks) {
      if (block.type !== 'markdown') {
        blocks.push(block);
        continue;
      }
      const rendered = renderMarkdownProp(String(block.props.markdown ?? ''));
      blocks.push({ ...block, props: { ...block.props, rendered } });
      await new Promise((resolve) => setImmediate(resolve));
    }
    sections.push({ ...section, blocks });
  }
  return { ...layout, sections };
}
