import {
  type BlockData,
  type Layout,
  blockPlaceholders,
  renderLayout,
  siteEmbedOrigins,
} from '@store/blocks';
import { type Template, createEngine } from '@store/template';
import blocksCss from '../../../server/themes/default/blocks/blocks.css?raw';
import sectionsCss from '../../../server/themes/default/blocks/sections.css?raw';
import themeCss from '../../../server/themes/default/theme.css?raw';
import { cleanHtml } from './clean-html';
import { withFormPreviews } from './preview-forms';

// The theme's own block templates, the same files the server reads (themes/default/blocks/).
const files = import.meta.glob('../../../server/themes/default/blocks/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
export const blockTemplates: Record<string, string> = Object.fromEntries(
  Object.entries(files).map(([file, source]) => [file.replace(/^.*\/(.+)\.html$/, '$1'), source]),
);

const engine = createEngine();
const cache = new Map<string, Template>();

function compile(source: string, name: string) {
  let template = cache.get(source);
  if (!template) {
    const compiled = engine.compile(source);
    const [error] = compiled.errors;
    if (error) throw new Error(`${name}: ${error.message}`);
    template = compiled.template;
    cache.set(source, template);
  }
  return template;
}

/** Site-wide values the block templates read, from the site's page context (`/?format=json`). */
export function siteValues(context: Record<string, unknown>): Record<string, unknown> {
  return {
    website: context.website,
    websiteSettings: context.websiteSettings,
    featureFlags: context.featureFlags,
    localizedStrings: context.localizedStrings,
  };
}

/** What an empty heading, text, quote or button shows in the preview (never on the site). */
const studioPlaceholders = blockPlaceholders();

/**
 * The layout as visitors will get it: the same renderer, templates and engine as the
 * server, with the blocks' HTML cleaned by the same policy. Two differences, both only
 * here: an empty block shows its greyed placeholder (the templates read `studioPlaceholders`,
 * which the site never passes), and a form shows its fields (the site's form island draws
 * them in the visitor's browser; the preview frame runs no scripts).
 */
export function renderPreviewHtml(layout: Layout, data: BlockData, site: Record<string, unknown>): string {
  // Embed HTML may frame the origins the site allows, as on the site.
  const origins = siteEmbedOrigins(site);
  const html = renderLayout(layout, {
    templates: blockTemplates,
    compile,
    data,
    site: { ...site, studioPlaceholders },
    locale: 'en-US',
    cleanHtml: (html, kind) => cleanHtml(html, kind, origins),
  });
  return withFormPreviews(html, data.forms, (html) => cleanHtml(html, 'rich', origins));
}

/** Placeholders read as such: greyed, and a placeholder button as an outline. */
const PLACEHOLDER_CSS =
  '.block-placeholder{color:#8a8d94;font-style:italic}.button.block-placeholder{background:transparent;color:#8a8d94;outline:1px dashed #8a8d94}';

/** The theme's stylesheets, for the preview frame's head. */
export const previewCss = `${themeCss}${blocksCss}${sectionsCss}${PLACEHOLDER_CSS}`;
