import { PageType } from '@store/commerce';
import { escapeHtml } from '@store/template/values';
import type { PageContext } from './page-context';

/**
 * A minimal HTML rendering of a page context. Used until (and as a fallback when) the
 * theme templates are not available; readable with JavaScript off.
 */
export function renderPlain(context: PageContext): string {
  const site = context.website as { siteTitle: string };
  const title = (context.item?.title as string) ?? context.collection?.title ?? site.siteTitle;
  const nav = (context.navigation as { title: string; url: string }[])
    .map((n) => `<a href="${escapeHtml(n.url, true)}">${escapeHtml(n.title)}</a>`)
    .join(' ');
  let main = '';
  if (context.pageType === PageType.notFound) main = '<h1>Page not found</h1>';
  else if (context.items) {
    main = `<h1>${escapeHtml(title)}</h1><ul>${context.items
      .map(
        (i) => `<li><a href="${escapeHtml(String(i.fullUrl), true)}">${escapeHtml(String(i.title))}</a></li>`,
      )
      .join('')}</ul>`;
  } else if (context.item) main = `<h1>${escapeHtml(title)}</h1>${context.item.body as string}`;
  else if (context.page) main = (context.page as { body: string }).body;
  else main = `<h1>${escapeHtml(title)}</h1>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — ${escapeHtml(site.siteTitle)}</title></head><body data-page-type="${context.pageType}"><header><nav>${nav}</nav></header><main>${main}</main></body></html>`;
}
