import { type CleanHtml, cleanBlockProps } from './block-html';
import { derivedProps } from './derived-props';
import { type FacetData, facetProps } from './facets';
import type { Block, Layout } from './layout';
import { markdownToHtml, storedMarkdownHtml } from './markdown';
import { hasSectionSettings, renderSetSection } from './section-html';

/** What the engine gives back for a compiled template (structurally @store/template's Template). */
export interface CompiledTemplate {
  render(data: unknown, options?: { locale?: string }): string;
}

/** Data blocks need from the database, resolved by the server (or fetched by the studio). */
export interface BlockData {
  /** Store items by item id (serialized as the page context serializes items). */
  products?: Record<string, Record<string, unknown>>;
  /** Items of a collection by collection id, newest first. */
  collections?: Record<string, { collection: Record<string, unknown>; items: Record<string, unknown>[] }>;
  /** Forms by id. */
  forms?: Record<string, Record<string, unknown>>;
  /** Tags and publication months of a collection by collection id (tag cloud, archive). */
  facets?: Record<string, FacetData>;
  /**
   * Newsletter sign-ups by the block's `listId` prop ('' for a block without one): the signed
   * token of the list it joins, which the sign-up sends back (a visitor cannot name a list).
   */
  signups?: Record<string, { token: string }>;
}

export interface RenderLayoutOptions {
  /** Block template sources by block type (the theme's `blocks/<type>.html`). */
  templates: Record<string, string>;
  /** Compile (and cache) a template source; the server and the studio both pass the engine. */
  compile(source: string, name: string): CompiledTemplate;
  data?: BlockData;
  /** Site-wide values block templates may read (website, featureFlags, localizedStrings…). */
  site?: Record<string, unknown>;
  locale?: string;
  /**
   * The sanitiser for the blocks' HTML props (text, code, video embed code): the server's
   * sanitize-html or the studio's DOMPurify, both held to @store/blocks/html-policy.
   */
  cleanHtml?: CleanHtml;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The origins the site allows embeds from (Design → Embeds), as the site values carry them:
 * `embedOrigins`, or the page context's `website.embedOrigins`.
 */
export function siteEmbedOrigins(site: Record<string, unknown> | undefined): string[] {
  const website = site?.website as { embedOrigins?: unknown } | undefined;
  const origins = site?.embedOrigins ?? website?.embedOrigins;
  return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
}

/** The template data one block sees: the site values, its props, and its resolved data. */
export function blockContext(block: Block, options: RenderLayoutOptions): Record<string, unknown> {
  const p = options.cleanHtml ? cleanBlockProps(block, options.cleanHtml) : block.props;
  const data = options.data ?? {};
  const extra: Record<string, unknown> = {};
  // Published pages carry their Markdown rendered at publish; drafts render it here.
  if (block.type === 'markdown')
    extra.html = storedMarkdownHtml(p) ?? markdownToHtml(String(p.markdown ?? ''));
  Object.assign(extra, derivedProps(block, siteEmbedOrigins(options.site)));
  if (block.type === 'product') extra.product = data.products?.[String(p.productId)] ?? null;
  if (block.type === 'summary') {
    const entry = data.collections?.[String(p.collectionId)];
    extra.collection = entry?.collection ?? null;
    extra.items = entry ? entry.items.slice(0, Number(p.limit) || 4) : [];
  }
  if (block.type === 'tagcloud' || block.type === 'archive')
    Object.assign(extra, facetProps(block, data.facets?.[String(p.collectionId)], options.locale ?? 'en-US'));
  if (block.type === 'form') extra.form = data.forms?.[String(p.formId)] ?? null;
  if (block.type === 'newsletter')
    extra.signup = data.signups?.[typeof p.listId === 'string' ? p.listId : ''] ?? null;
  const { rendered: _stored, ...props } = p;
  return { ...options.site, ...props, ...extra, blockId: block.id, blockType: block.type };
}

/**
 * Render one block through its template, wrapped in the block container; `style`: the
 * wrapper's inline style (a grid section's placement).
 */
export function renderBlock(block: Block, options: RenderLayoutOptions, style?: string): string {
  const source = options.templates[block.type];
  const inner =
    source === undefined
      ? `<!-- no template for ${attr(block.type)} block -->`
      : options.compile(source, `blocks/${block.type}`).render(blockContext(block, options), {
          locale: options.locale ?? 'en-US',
        });
  const styleAttr = style ? ` style="${attr(style)}"` : '';
  return `<div class="sqs-block sqs-block-${attr(block.type)}" data-block-type="${attr(block.type)}" data-block-id="${attr(block.id)}"${styleAttr}>${inner}</div>`;
}

/**
 * Render a layout to HTML: each section (with its background, padding and grid, if set)
 * and, in it, each block through the theme's
 * template for its type. The same function runs on the server (published layouts) and in
 * the studio (drafts), with the same templates and engine, so the preview is what
 * visitors get.
 */
export function renderLayout(layout: Layout, options: RenderLayoutOptions): string {
  const allowedOrigins = siteEmbedOrigins(options.site);
  return layout.sections
    .map((section, s) =>
      // A section with a background, padding or grid (section-html.ts); a plain one as always.
      hasSectionSettings(section)
        ? renderSetSection(
            section,
            (i, style) => {
              const block = section.blocks[i];
              return block ? renderBlock(block, options, style) : '';
            },
            { first: s === 0, allowedOrigins },
          )
        : `<section class="page-section" data-section-id="${attr(section.id)}">${section.blocks
            .map((block) => renderBlock(block, options))
            .join('')}</section>`,
    )
    .join('');
}
