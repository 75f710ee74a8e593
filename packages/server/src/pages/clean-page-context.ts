import type { Layout } from '@store/blocks';
import { cleanFormHtml, cleanLayoutHtml } from '../services/html/clean-content';
import { cleanHtml } from '../services/html/clean-html';
import { embedOriginsOf } from './block-layout-html';
import type { PageContext } from './page-context';
import { RecordType } from './page-types';

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An item's HTML: its body, and a post's excerpt (a product's excerpt is plain text). */
function cleanItem(item: unknown): void {
  if (!isEntry(item)) return;
  if (typeof item.body === 'string') item.body = cleanHtml(item.body, 'rich');
  if (typeof item.excerpt === 'string' && item.recordType !== RecordType.storeItem)
    item.excerpt = cleanHtml(item.excerpt, 'rich');
  const content = item.structuredContent;
  if (isEntry(content) && isEntry(content.additionalFieldsForm))
    item.structuredContent = {
      ...content,
      additionalFieldsForm: cleanFormHtml(content.additionalFieldsForm),
    };
  if (Array.isArray(item.relatedProducts)) for (const related of item.relatedProducts) cleanItem(related);
}

/**
 * Contributor HTML in a page context, sanitised before the page renders or answers as
 * JSON: item bodies and excerpts, the page body, forms, block layouts and what their blocks
 * show. Saves sanitise too; this pass covers rows written before they did, and
 * translations. Contexts are built per render (never shared), so fields are replaced in place.
 */
export function cleanPageContext(context: PageContext): PageContext {
  cleanItem(context.item);
  for (const item of context.items ?? []) cleanItem(item);
  if (isEntry(context.page) && typeof context.page.body === 'string')
    context.page = { ...context.page, body: cleanHtml(context.page.body, 'rich') };
  if (isEntry(context.form)) context.form = cleanFormHtml(context.form);
  if (context.layout) context.layout = cleanLayoutHtml(context.layout as Layout, embedOriginsOf(context));
  const data = context.blockData;
  if (isEntry(data)) {
    if (isEntry(data.forms))
      for (const [id, form] of Object.entries(data.forms))
        if (isEntry(form)) data.forms[id] = cleanFormHtml(form);
    if (isEntry(data.products)) for (const item of Object.values(data.products)) cleanItem(item);
    if (isEntry(data.collections))
      for (const entry of Object.values(data.collections))
        if (isEntry(entry) && Array.isArray(entry.items)) for (const item of entry.items) cleanItem(item);
  }
  // Search results show excerpts raw (tags stripped by the template): titles of pages,
  // post excerpts (HTML) and product excerpts (text) all come out as safe HTML text.
  if (Array.isArray(context.searchResults))
    for (const result of context.searchResults)
      if (isEntry(result) && typeof result.excerpt === 'string')
        result.excerpt = cleanHtml(result.excerpt, 'rich');
  return context;
}
