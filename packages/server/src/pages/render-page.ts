import { createHash } from 'node:crypto';
import { type Engine, type Template, createEngine } from '@store/template';
import { islandData } from './island-data';
import { LruCache } from './lru-cache';
import type { PageContext } from './page-context';
import { renderPlain } from './render-plain';
import { islandsIn, runtimeTags } from './runtime-assets';
import { templateFor } from './template-for';
import { type ThemeFiles, themeFiles } from './theme-files';

export interface RenderLogger {
  error(obj: unknown, msg?: string): void;
}

export interface PageRenderer {
  render(context: PageContext, log?: RenderLogger): string;
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
    if (errors.length) throw new TemplateFailure(`${name}: ${errors[0].message}`);
    cache.set(key, template);
    return template;
  };

  return {
    get cacheSize() {
      return cache.size;
    },
    render(context, log) {
      try {
        const theme = options.theme ?? themeFiles();
        const name = templateFor(context);
        const source = theme.pages[name];
        if (source === undefined) throw new TemplateFailure(`theme has no "${name}" template`);
        const renderOptions = { locale: options.locale ?? 'en-US' };
        const body = compiled(source, name).render(context, renderOptions);
        const islands = islandsIn(body);
        const data = {
          ...context,
          theme: {
            body,
            css: theme.css,
            pageTitle: pageTitle(context),
            description: description(context),
            islandData: islandData(context),
            scripts: runtimeTags(islands),
            head: '',
          },
        };
        return compiled(theme.layout, 'layout').render(data, renderOptions);
      } catch (error) {
        log?.error(
          { err: error, pageType: context.pageType },
          'theme render failed; using the plain renderer',
        );
        return renderPlain(context);
      }
    },
  };
}

function pageTitle(context: PageContext): string | null {
  if (context.pageType === 100) return 'Page not found';
  if (context.pageType === 200) return 'Cart';
  if (context.pageType === 201) return 'Checkout';
  if (context.pageType === 202) return 'Order confirmed';
  if (context.pageType === 102) return 'Search';
  const title = (context.item?.title as string | undefined) ?? context.collection?.title;
  return title && context.collection?.urlId !== 'home' ? title : null;
}

function description(context: PageContext): string | null {
  const excerpt = context.item?.excerpt;
  if (typeof excerpt !== 'string') return null;
  const text = excerpt.replace(/<[^>]*>/g, '').trim();
  return text ? text.slice(0, 250) : null;
}
