/**
 * The Languages screen's draft, without React: the list the owner edits before "Save" (in the
 * order visitors see it), made from the saved settings and changed one step at a time.
 *
 *   let draft = draftOf(settings.languages);
 *   draft = makeDefault(draft, 'fr-FR');   // the default is always shown
 *   draft = moveRow(draft, 1, -1);
 */
import type { LanguagesInput, SiteLanguageRow } from './languages-api';

export type DraftRow = LanguagesInput[number];

/** The editable rows of the saved languages (what "Save" sends back when nothing changed). */
export function draftOf(saved: readonly SiteLanguageRow[]): DraftRow[] {
  return saved.map(({ language, isDefault, enabled }) => ({ language, isDefault, enabled }));
}

/** The row at `index` moved `by` places (−1 up, +1 down); a move past either end changes nothing. */
export function moveRow(rows: readonly DraftRow[], index: number, by: number): DraftRow[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  if (row) next.splice(to, 0, row);
  return next;
}

/** `language` becomes the default, and is shown to visitors (a hidden default makes no sense). */
export function makeDefault(rows: readonly DraftRow[], language: string): DraftRow[] {
  return rows.map((r) => {
    const chosen = r.language === language;
    return { ...r, isDefault: chosen, enabled: chosen || (r.enabled ?? true) };
  });
}

/** Show or hide a language for visitors; the default stays shown. */
export function setShown(rows: readonly DraftRow[], language: string, shown: boolean): DraftRow[] {
  return rows.map((r) => (r.language === language && !r.isDefault ? { ...r, enabled: shown } : r));
}

/** The list without `language`; the default cannot be removed. */
export function removeLanguage(rows: readonly DraftRow[], language: string): DraftRow[] {
  return rows.filter((r) => r.language !== language || r.isDefault);
}

/** `language` added at the end, shown, unless it is listed already (tags compared without case). */
export function addLanguage(rows: readonly DraftRow[], language: string): DraftRow[] {
  const tag = language.trim();
  if (!tag || rows.some((r) => r.language.toLowerCase() === tag.toLowerCase())) return [...rows];
  return [...rows, { language: tag, isDefault: false, enabled: true }];
}

/** The tags offered in "Add a language": the common ones not listed yet. */
export function languageChoices(rows: readonly DraftRow[], common: readonly string[]): string[] {
  const listed = new Set(rows.map((r) => r.language.toLowerCase()));
  return common.filter((tag) => !listed.has(tag.toLowerCase()));
}
