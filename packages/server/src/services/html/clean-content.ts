import { type Layout, cleanLayout as cleanBlocks } from '@store/blocks';
import { cleanHtml } from './clean-html';

/**
 * A layout whose text, code and video blocks' HTML follows the contributor HTML policy;
 * `frameOrigins`: the site's allowed embed origins.
 */
export function cleanLayoutHtml(layout: Layout, frameOrigins: readonly string[] = []): Layout {
  return cleanBlocks(layout, (html, kind) => cleanHtml(html, kind, frameOrigins));
}

/** The HTML a form shows: its submission message and disclaimer (rich), its post-submit HTML. */
const FORM_HTML = {
  parsedSubmissionMessage: 'rich',
  parsedDisclaimerMessage: 'rich',
  submissionHTML: 'embed',
} as const;

/** A form definition (or a form as pages carry it) with its HTML cleaned; other fields as they are. */
export function cleanFormHtml<T extends Record<string, unknown>>(form: T): T {
  const out: Record<string, unknown> = { ...form };
  for (const [name, kind] of Object.entries(FORM_HTML))
    if (typeof out[name] === 'string') out[name] = cleanHtml(out[name] as string, kind);
  return out as T;
}
