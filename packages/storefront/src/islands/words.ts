import { type IslandWord, islandWord } from '@store/commerce';
import { pageData } from '../page-data';

/**
 * A cart, checkout, restock or reviews word in the page's language (the site's translation
 * from `page.strings`, else the English default). Only those islands import this, so pages
 * without them do not load the table.
 */
export function word(key: IslandWord, values?: Record<string, string>): string {
  const strings = typeof document === 'undefined' ? undefined : pageData().strings;
  return islandWord(strings, key, values);
}
