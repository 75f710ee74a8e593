import type { CLDR, CLDRFramework } from '@phensley/cldr';
import { loadCldrLibrary, readCldrPack } from '#data-files';

/**
 * Lazy access to @phensley/cldr (CLDR 48 data, the same package and version the reference
 * engine formats with). The library and each language pack are loaded on first use only,
 * so templates that never call an i18n formatter pay nothing.
 */

type CldrModule = typeof import('@phensley/cldr');

let lib: CldrModule | undefined;
let framework: CLDRFramework | undefined;
const byLocale = new Map<string, CLDR | null>();

/** The library module, loaded synchronously on first call (formatters are synchronous). */
export function cldrLib(): CldrModule {
  lib ??= loadCldrLibrary();
  return lib;
}

function getFramework(): CLDRFramework {
  if (!framework) {
    const { CLDRFramework: Framework } = cldrLib();
    framework = new Framework({
      // Packs ship inside the npm package: no network at run time.
      loader: (language: string) => {
        if (!/^[a-z]{2,8}$/i.test(language)) throw new Error(`no CLDR pack for ${language}`);
        return readCldrPack(language);
      },
      packCacheSize: 8,
    });
  }
  return framework;
}

/** Java-style tags (`en_US`) and the non-standard `UK` region are normalised first. */
function normaliseTag(tag: string): string {
  return tag.trim().replace(/_/g, '-');
}

/**
 * CLDR API for a locale tag, cached per tag; `null` for the "none" locale (null). A tag
 * whose language has no pack falls back to English rather than dropping the output.
 */
export function cldrFor(locale: string | null): CLDR | null {
  if (locale === null) return null;
  const cached = byLocale.get(locale);
  if (cached !== undefined) return cached;
  let api: CLDR | null;
  try {
    api = getFramework().get(normaliseTag(locale));
  } catch {
    api = locale === 'en' ? null : cldrFor('en');
  }
  byLocale.set(locale, api);
  return api;
}
