import type { ApiInput, ApiOutput } from '@store/api/client';

export type SiteLanguageRow = ApiOutput<'GET /api/multilingual/languages'>['languages'][number];
export type LanguagesInput = ApiInput<'PUT /api/multilingual/languages'>['body']['languages'];
export type TranslationEntry = ApiOutput<'GET /api/multilingual/translations'>['entries'][number];
export type TranslationSave = ApiInput<'PUT /api/multilingual/translations'>['body']['entries'];

/** Tags offered in the "Add a language" select (BCP 47; any other can be typed). */
export const COMMON_LANGUAGES = [
  'ar',
  'cs-CZ',
  'da-DK',
  'de-DE',
  'de-AT',
  'de-CH',
  'el-GR',
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'es-ES',
  'es-MX',
  'fi-FI',
  'fr-FR',
  'fr-CA',
  'he-IL',
  'hi-IN',
  'hu-HU',
  'id-ID',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'nb-NO',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'sv-SE',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'zh-CN',
  'zh-TW',
];

const names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });

/** "French (France) · fr-FR": the owner reads names, the tag says exactly which. */
export function languageName(tag: string): string {
  try {
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
