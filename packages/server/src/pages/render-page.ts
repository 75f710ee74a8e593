import { createHash } from 'node:crypto';
import { type Layout, type SiteStyles, siteStylesCss } from '@store/blocks';
import { PageType } from '@store/commerce';
import { type Engine, type Template, createEngine } from '@store/template';
import { renderBlockLayout } from './block-layout-html';
import { defaultThemeStrings } from '../services/languages/localized-strings';
import { seoHead } from '../seo/seo-head';
import { abTestHead } from './ab-test-page';
import { iconSprite, iconsWanted } from './icon-sprite';
import { islandData } from './island-data';
import { LruCache } from './lru-cache';
import {
  RenderBudgetExceeded,
  budgetErrorPage,
  renderBytesWithBudget,
  renderWithBudget,
} from './render-budget';
import type { PageContext } from './page-context';
import { renderPlain } from './render-plain';
import { islandsIn, runtimeTags } from './runtime-assets';
import { templateFor } from './template-for';
import { type ThemeFiles, themeFiles } from './theme-files';
import { themeStylesheet } from './theme-stylesheet';

export interface RenderLogger {
  error(obj: unknown, msg?: string): void;
}

export interface PageRenderer {
  /** `locale`: the page language, for the engine's dates, money and numbers. */
  render(context: PageContext, log?: RenderLogger, locale?: string): string;
  /**
   * The page as the UTF-8 bytes the server sends and caches: the layout renders straight
   * to bytes (the engine's renderBytes), without building the page as one string first.
   * A render stopped by its budget throws RenderBudgetExceeded: the caller answers it as a
   * passing failure (never cached), since a busy moment must not stick to the page.
   */
  renderBytes(context: PageContext, log?: RenderLogger, locale?: string): Buffer;
  /** Compiled templates currently cached (for tests). */
  readonly cacheSize: number;
}

class TemplateFailure extends Error {}

/**
 * Render pages through the template engine: theme page template → body, then the layout
 * around it. Compiled templates are kept in an LRU (keyed by source hash, so an edited
 * theme recompiles). If the engine or a template fails, the page falls back to the plain
 * renderer and the error is logged: a page never answers 500 because of its template.
 */
export function createPageRenderer(
  options: { theme?: ThemeFiles; engine?: Engine; cacheSize?: number; locale?: string } = {},
): PageRenderer {
  let engine: Engine | null = options.engine ?? null;
  const cache = new LruCache<string, Template>(options.cacheSize ?? 100);

  const compiled = (source: string, name: string): Template => {
    const key = createHash('sha1').update(source).digest('base64url');
    const hit = cache.get(key);
    if (hit) return hit;
    engine ??= createEngine();
    const { template, errors } = engine.compile(source);
    const [first] = errors;
    if (first) throw new TemplateFailure(`${name}: ${first.message}`);
    cache.set(key, template);
    return template;
  };

  return {
    get cacheSize() {
      return cache.size;
    },
    render: (context, log, locale) =>
      renderPage(context, log, locale, renderWithBudget, (html) => html, 'error page'),
    renderBytes: (context, log, locale) =>
      renderPage(context, log, locale, renderBytesWithBudget, (html) => Buffer.from(html), 'throw'),
  };

  /** The page through `finish` (the layout's render, as a string or bytes); `fallback` for failures. */
  function renderPage<T>(
    context: PageContext,
    log: RenderLogger | undefined,
    locale: string | undefined,
    finish: (template: Template, data: unknown, options: { locale: string }) => T,
    fallback: (html: string) => T,
    onBudget: 'error page' | 'throw',
  ): T {
    try {
      const theme = options.theme ?? themeFiles();
      const name = templateFor(context);
      const source = theme.pages[name];
      if (source === undefined) throw new TemplateFailure(`theme has no "${name}" template`);
      const renderOptions = { locale: locale ?? options.locale ?? 'en-US' };
      // Contexts made outside buildPageContext (error pages, tests) get the theme's own words.
      context.themeStrings ??= defaultThemeStrings;
      // Pages made of blocks (#13): the published layout through the theme's block templates.
      if (context.layout)
        context.layoutHtml = renderBlockLayout(context.layout as Layout, context, theme.blocks, compiled);
      const body = renderWithBudget(compiled(source, name), context, renderOptions);
      const islands = islandsIn(body);
      const title = pageTitle(context);
      const summary = description(context);
      const data = {
        ...context,
        theme: {
          body,
          // Linked as a hashed, immutable file (theme-stylesheet.ts), not inlined.
          cssUrl: themeStylesheet(theme.name).url,
          pageTitle: title,
          description: summary,
          islandData: islandData(context),
          scripts: runtimeTags(islands),
          // The social icons the header, footer and blocks draw (inline SVG of the theme).
          icons: iconSprite(theme.icons, iconsWanted(body, context.socialLinks)),
          // SEO tags, then the site's design (#13): variables and shipped fonts after the theme's CSS.
          head:
            seoHead(context, title ?? String(context.website.siteTitle ?? ''), summary) +
            (context.siteStyles ? `<style>${siteStylesCss(context.siteStyles as SiteStyles)}</style>` : '') +
            // Running A/B tests: the CSS and split script that show each visitor one variant.
            abTestHead(context),
        },
      };
      return finish(compiled(theme.layout, 'layout'), data, renderOptions);
    } catch (error) {
      if (error instanceof RenderBudgetExceeded) {
        log?.error({ err: error, pageType: context.pageType }, 'theme render stopped by its budget');
        if (onBudget === 'throw') throw error;
        return fallback(budgetErrorPage(error, (context.website as { siteTitle?: string }).siteTitle ?? ''));
      }
      log?.error({ err: error, pageType: context.pageType }, 'theme render failed; using the plain renderer');
      return fallback(renderPlain(context));
    }
  }
}

function pageTitle(context: PageContext): string | null {
  if (context.pageType === PageType.notFound) return 'Page not found';
  if (context.pageType === PageType.error) return 'Error';
  if (context.pageType === PageType.showCart) return 'Cart';
  if (context.pageType === PageType.checkout) return 'Checkout';
  if (context.pageType === PageType.orderConfirmed) return 'Order confirmed';
  if (context.pageType === PageType.orderReceived) return 'Order received';
  if (context.pageType === PageType.orderStatus) return 'Order status';
  if (context.pageType === PageType.reviewsRequest) return 'Review your order';
  if (context.pageType === PageType.digitalProductPreview) return 'Digital product preview';
  if (context.pageType === PageType.donate) return 'Donate';
  if (context.pageType === PageType.contributionConfirmed) return 'Thank you for your donation';
  if (context.pageType === PageType.subscriptionConfirmed) return 'Subscription confirmed';
  if (context.pageType === PageType.search) return 'Search';
  if (context.pageType === PageType.customerAccount) return 'Account';
  if (context.pageType === PageType.ssoPage) return 'Sign in';
  const area = (context.memberArea as { name?: string } | undefined)?.name;
  if (context.pageType === PageType.memberJoin && area) return `Join ${area}`;
  if (context.pageType === PageType.membershipConfirmed && area) return `Welcome to ${area}`;
  const title = (context.item?.title as string | undefined) ?? context.collection?.title;
  return title && context.collection?.urlId !== 'home' ? title : null;
}

function description(context: PageContext): string | null {
  if (typeof context.seoDescription === 'string') return context.seoDescription;
  const excerpt = context.item?.excerpt;
  if (typeof excerpt !== 'string') return null;
  const text = excerpt.replace(/<[^>]*>/g, '').trim();
  return text ? text.slice(0, 250) : null;
}
