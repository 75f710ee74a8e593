import { type BlockData, type Layout, renderLayout } from '@store/blocks';
import { type Template, createEngine } from '@store/template';
import blocksCss from '../../../server/themes/default/blocks/blocks.css?raw';
import themeCss from '../../../server/themes/default/theme.css?raw';

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

/** The layout as visitors will get it: the same renderer, templates and engine as the server. */
export function renderPreviewHtml(layout: Layout, data: BlockData, site: Record<string, unknown>): string {
  return renderLayout(layout, { templates: blockTemplates, compile, data, site, locale: 'en-US' });
}

/** A whole document for the preview frame: the theme's stylesheet around the page content. */
export function previewDocument(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><style>${themeCss}${blocksCss}</style></head><body class="studio-preview"><main class="site-main"><article class="page-content page-content--blocks">${body}</article></main></body></html>`;
}
