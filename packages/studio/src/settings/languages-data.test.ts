import { describe, expect, it } from 'vitest';
import {
  type DraftRow,
  addLanguage,
  draftOf,
  languageChoices,
  makeDefault,
  moveRow,
  removeLanguage,
  setShown,
} from './languages-data';

const rows: DraftRow[] = [
  { language: 'en-US', isDefault: true, enabled: true },
  { language: 'fr-FR', isDefault: false, enabled: false },
  { language: 'de-DE', isDefault: false, enabled: true },
];
const tags = (list: DraftRow[]) => list.map((r) => r.language);

describe('languages draft', () => {
  it('keeps only what the save sends from the saved rows', () => {
    const saved = [{ language: 'en-US', isDefault: true, enabled: true, name: 'English', extra: 1 }];
    expect(draftOf(saved as never)).toEqual([{ language: 'en-US', isDefault: true, enabled: true }]);
  });

  it('moves a row up or down, and not past either end', () => {
    expect(tags(moveRow(rows, 2, -1))).toEqual(['en-US', 'de-DE', 'fr-FR']);
    expect(tags(moveRow(rows, 0, 1))).toEqual(['fr-FR', 'en-US', 'de-DE']);
    expect(tags(moveRow(rows, 0, -1))).toEqual(tags(rows));
    expect(tags(moveRow(rows, 2, 1))).toEqual(tags(rows));
  });

  it('makes a hidden language the default and shows it; the old default keeps being shown', () => {
    const next = makeDefault(rows, 'fr-FR');
    expect(next.map((r) => [r.language, r.isDefault, r.enabled])).toEqual([
      ['en-US', false, true],
      ['fr-FR', true, true],
      ['de-DE', false, true],
    ]);
  });

  it('hides and shows languages but never the default', () => {
    expect(setShown(rows, 'de-DE', false)[2]?.enabled).toBe(false);
    expect(setShown(rows, 'fr-FR', true)[1]?.enabled).toBe(true);
    expect(setShown(rows, 'en-US', false)[0]?.enabled).toBe(true);
  });

  it('removes a language but not the default', () => {
    expect(tags(removeLanguage(rows, 'fr-FR'))).toEqual(['en-US', 'de-DE']);
    expect(tags(removeLanguage(rows, 'en-US'))).toEqual(tags(rows));
  });

  it('adds a language once, at the end and shown', () => {
    const next = addLanguage(rows, 'it-IT');
    expect(next[3]).toEqual({ language: 'it-IT', isDefault: false, enabled: true });
    expect(addLanguage(rows, 'FR-fr')).toHaveLength(3);
    expect(addLanguage(rows, '  ')).toHaveLength(3);
  });

  it('offers the common languages not listed yet', () => {
    expect(languageChoices(rows, ['en-US', 'fr-fr', 'it-IT', 'ja-JP'])).toEqual(['it-IT', 'ja-JP']);
  });
});
