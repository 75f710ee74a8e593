import { z } from 'zod';
import { okBody } from './common';

/** True when `tag` is a well-formed BCP 47 language tag (Intl knows how to canonicalize it). */
export function isLanguageTag(tag: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

export const languageTag = z
  .string()
  .trim()
  .max(35)
  .refine(isLanguageTag, 'language must be a BCP 47 language tag such as fr-FR');

/** One language the site is offered in. */
const siteLanguage = z.object({
  language: z.string(),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  displayIndex: z.number().int(),
});

const languagesBody = z.object({ languages: z.array(siteLanguage) });

/**
 * What can be translated: page titles, page blocks, navigation entries, product texts, the
 * header and footer (`site`), forms, and the localized strings and theme words (`string`).
 */
export const translationSubject = z.enum([
  'page',
  'block',
  'navigation',
  'product',
  'site',
  'form',
  'string',
]);

const translationKey = {
  subjectType: translationSubject,
  subjectId: z.string().min(1).max(200),
  field: z.string().min(1).max(60),
};

/**
 * Spec §7 multilingual calls (owner only; the spec shows no responses, these shapes are ours).
 * Visitors choose a language with `?lang=<tag>` on any page or `POST /api/site-users/account/locale`
 * (both set the language cookie); pages fall back to the default text where nothing is translated.
 */
export const multilingualRoutes = {
  'GET /api/multilingual/settings': {
    summary:
      'Owner: multilingual settings: `enabled` (more than one language is on), the default language, the languages, and how visitors choose one (`queryParameter` on a page URL)',
    response: z.object({
      enabled: z.boolean(),
      defaultLanguage: z.string(),
      languages: z.array(siteLanguage),
      queryParameter: z.literal('lang'),
    }),
  },
  'GET /api/multilingual/status': {
    summary: 'Owner: per language, how many texts are translated out of how many translatable texts',
    response: z.object({
      enabled: z.boolean(),
      languages: z.array(
        z.object({ language: z.string(), isDefault: z.boolean(), translated: z.number(), total: z.number() }),
      ),
    }),
  },
  'GET /api/multilingual/languages': {
    summary:
      'Owner: the site languages in display order (the site’s own language alone until others are added)',
    response: languagesBody,
  },
  'PUT /api/multilingual/languages': {
    summary:
      'Owner: replace the site languages (order = display order; exactly one default, which must be enabled); a removed language loses its translations',
    body: z.object({
      languages: z
        .array(
          z.object({ language: languageTag, isDefault: z.boolean(), enabled: z.boolean().default(true) }),
        )
        .min(1, 'Keep at least one language.')
        .max(30, 'A site can have at most 30 languages.'),
    }),
    response: languagesBody,
  },
  'DELETE /api/multilingual/connection': {
    summary: 'Owner: turn multilingual off: every added language and every translation is removed',
    response: okBody,
  },
  'GET /api/multilingual/translations': {
    summary:
      'Owner: the translatable texts (page titles, navigation, header and footer, page blocks, forms, product titles and descriptions, localized strings and theme words) with their default text and the translation in `language` (null when missing)',
    querystring: z.object({ language: languageTag }),
    response: z.object({
      language: z.string(),
      defaultLanguage: z.string(),
      entries: z.array(
        z.object({
          ...translationKey,
          label: z.string(),
          defaultText: z.string(),
          value: z.string().nullable(),
        }),
      ),
    }),
  },
  'PUT /api/multilingual/translations': {
    summary: 'Owner: save translations in one language; an empty value removes the translation',
    body: z.object({
      language: languageTag,
      entries: z
        .array(z.object({ ...translationKey, value: z.string().max(20_000) }))
        .max(2000, 'Save at most 2000 translations at once.'),
    }),
    response: z.object({ saved: z.number(), removed: z.number() }),
  },
} as const;
