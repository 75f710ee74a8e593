import { type BlockData, type Layout, renderLayout } from '@store/blocks';
import type { Template } from '@store/template';
import { cleanHtml } from '../services/html/clean-html';
import type { PageContext } from './page-context';
import { PAGE_RENDER_BUDGET, budgetUntil, renderWithBudget } from './render-budget';

/** Site-wide values a block template may read (formatters look up money format, strings…). */
export function blockSiteValues(context: PageContext): Record<string, unknown> {
  return {
    website: context.website,
    websiteSettings: context.websiteSettings,
    featureFlags: context.featureFlags,
    localizedStrings: context.localizedStrings,
    themeStrings: context.themeStrings,
    productMerchandisingContext: context.productMerchandisingContext,
    // Video and audio blocks play from these origins too (Design → Embeds).
    embedOrigins: embedOriginsOf(context),
  };
}

/** The site's allowed embed origins, as the page context carries them. */
export function embedOriginsOf(context: PageContext): string[] {
  const origins = (context.website as { embedOrigins?: unknown }).embedOrigins;
  return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
}

/**
 * A published layout to HTML with the page's block data (same function the studio previews
 * with). The blocks share one page budget: each renders within what is left of it, counting
 * what its props cost to prepare (HTML cleaning, Markdown) but not compiling the theme's
 * templates. Blocks that run past it stop the page with RenderBudgetExceeded, like any
 * template.
 */
export function renderBlockLayout(
  layout: Layout,
  context: PageContext,
  templates: Record<string, string>,
  compile: (source: string, name: string) => Template,
): string {
  let deadline = Date.now() + (PAGE_RENDER_BUDGET.maxRenderMs ?? 0);
  const origins = embedOriginsOf(context);
  return renderLayout(layout, {
    templates,
    compile: (source, name) => {
      const started = Date.now();
      const template = compile(source, name);
      deadline += Date.now() - started;
      return {
        render: (data, options) => renderWithBudget(template, data, options ?? {}, budgetUntil(deadline)),
      };
    },
    data: (context.blockData ?? {}) as BlockData,
    site: blockSiteValues(context),
    locale: 'en-US',
    cleanHtml: (html, kind) => cleanHtml(html, kind, origins),
  });
}
