import { type BlockData, type CompiledTemplate, type Layout, renderLayout } from '@store/blocks';
import type { PageContext } from './page-context';

/** Site-wide values a block template may read (formatters look up money format, strings…). */
export function blockSiteValues(context: PageContext): Record<string, unknown> {
  return {
    website: context.website,
    websiteSettings: context.websiteSettings,
    featureFlags: context.featureFlags,
    localizedStrings: context.localizedStrings,
    productMerchandisingContext: context.productMerchandisingContext,
  };
}

/** A published layout to HTML with the page's block data (same function the studio previews with). */
export function renderBlockLayout(
  layout: Layout,
  context: PageContext,
  templates: Record<string, string>,
  compile: (source: string, name: string) => CompiledTemplate,
): string {
  return renderLayout(layout, {
    templates,
    compile,
    data: (context.blockData ?? {}) as BlockData,
    site: blockSiteValues(context),
    locale: 'en-US',
  });
}
