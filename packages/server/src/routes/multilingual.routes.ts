import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  defaultLanguageOf,
  disconnectMultilingual,
  listSiteLanguages,
  replaceSiteLanguages,
} from '../services/languages/site-languages';
import {
  saveTranslations,
  translatableTexts,
  translationCounts,
  translationKey,
  translationsIn,
} from '../services/languages/translations';
import { at, zodRoutes } from './api-schema';

/**
 * Spec §7 multilingual calls, owner only. Registered among the studio routes: a successful
 * write drops this process's cached pages of the site (other processes hear the NOTIFY).
 */
export async function multilingualRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);

  const enabledCount = (languages: { enabled: boolean }[]) => languages.filter((l) => l.enabled).length;

  api.get(...at('GET /api/multilingual/settings'), async (request) => {
    const languages = await listSiteLanguages(db, request.site);
    return {
      enabled: enabledCount(languages) > 1,
      defaultLanguage: defaultLanguageOf(languages, request.site.language),
      languages,
      queryParameter: 'lang' as const,
    };
  });

  api.get(...at('GET /api/multilingual/status'), async (request) => {
    const [languages, counts, texts] = await Promise.all([
      listSiteLanguages(db, request.site),
      translationCounts(db, request.site.id),
      translatableTexts(db, request.site.id),
    ]);
    return {
      enabled: enabledCount(languages) > 1,
      languages: languages.map((l) => ({
        language: l.language,
        isDefault: l.isDefault,
        translated: l.isDefault ? texts.length : Math.min(counts.get(l.language) ?? 0, texts.length),
        total: texts.length,
      })),
    };
  });

  api.get(...at('GET /api/multilingual/languages'), async (request) => ({
    languages: await listSiteLanguages(db, request.site),
  }));

  api.put(...at('PUT /api/multilingual/languages'), async (request) => {
    valueOrFail(await replaceSiteLanguages(db, request.site.id, request.body.languages));
    return { languages: await listSiteLanguages(db, request.site) };
  });

  api.delete(...at('DELETE /api/multilingual/connection'), async (request) => {
    await disconnectMultilingual(db, request.site.id);
    return { ok: true };
  });

  api.get(...at('GET /api/multilingual/translations'), async (request) => {
    const language = Intl.getCanonicalLocales(request.query.language)[0] ?? request.query.language;
    const [languages, texts, values] = await Promise.all([
      listSiteLanguages(db, request.site),
      translatableTexts(db, request.site.id),
      translationsIn(db, request.site.id, language),
    ]);
    return {
      language,
      defaultLanguage: defaultLanguageOf(languages, request.site.language),
      entries: texts.map((t) => ({
        ...t,
        value: values.get(translationKey(t.subjectType, t.subjectId, t.field)) ?? null,
      })),
    };
  });

  api.put(...at('PUT /api/multilingual/translations'), async (request) => {
    const language = Intl.getCanonicalLocales(request.body.language)[0] ?? request.body.language;
    const languages = await listSiteLanguages(db, request.site);
    if (!languages.some((l) => l.language === language))
      throw new ApiError(
        'VALIDATION_FAILED',
        `Add ${language} to the site's languages before translating into it.`,
      );
    return saveTranslations(db, request.site.id, language, request.body.entries);
  });
}
