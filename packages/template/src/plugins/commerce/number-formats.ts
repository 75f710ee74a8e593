/**
 * Intl.NumberFormat instances are costly to build and price blocks render on every product
 * of a page, so formats are kept per locale and options. Invalid locales/options throw, as
 * the constructor does, and are not cached.
 */
const cache = new Map<string, Intl.NumberFormat>();
const MAX_ENTRIES = 500;

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let fmt = cache.get(key);
  if (fmt === undefined) {
    fmt = new Intl.NumberFormat(locale, options);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, fmt);
  }
  return fmt;
}
