/** A newsletter block of a layout and the mailing list it joins ('' when none is chosen). */
export interface NewsletterBlockList {
  blockId: string;
  listId: string;
  /** Where its list is in the layout: `sections.<s>.blocks.<b>.props.listId`. */
  path: string;
}

/**
 * The layout's newsletter blocks with their chosen lists, in reading order. Saving a page
 * needs a list of the site on each (the server checks; the studio marks the field), while a
 * block published before lists existed renders and joins the site's default list.
 */
export function newsletterBlockLists(layout: {
  sections: readonly { blocks: readonly { id: string; type: string; props: Record<string, unknown> }[] }[];
}): NewsletterBlockList[] {
  const out: NewsletterBlockList[] = [];
  for (const [s, section] of layout.sections.entries())
    for (const [b, block] of section.blocks.entries()) {
      if (block.type !== 'newsletter') continue;
      const listId = typeof block.props.listId === 'string' ? block.props.listId : '';
      out.push({ blockId: block.id, listId, path: `sections.${s}.blocks.${b}.props.listId` });
    }
  return out;
}
