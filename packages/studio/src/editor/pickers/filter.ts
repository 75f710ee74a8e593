/** Lower case without accents, so "cafe" finds "Café". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether every word of `query` appears in one of `texts` (an empty query matches all). */
export function matchesQuery(query: string, ...texts: (string | null | undefined)[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = fold(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

/** The library's images whose file name, title or alt text match the search. */
export function filterImages<T extends { kind: string; filename: string; title?: string; altText?: string }>(
  assets: readonly T[],
  query: string,
): T[] {
  return assets.filter((a) => a.kind === 'image' && matchesQuery(query, a.filename, a.title, a.altText));
}

/** Items (products, pages) whose title or address match the search. */
export function filterByTitle<T extends { title: string; fullUrl?: string | null }>(
  items: readonly T[],
  query: string,
): T[] {
  return items.filter((item) => matchesQuery(query, item.title, item.fullUrl));
}

/** The list with the entry at `from` moved to `to` (clamped; the same list when nothing moves). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The ids with `id` added at the end, or removed when it is there. */
export function toggleId(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];
}

/**
 * Keyboard moves in a grid of `count` tiles, `columns` to a row: the arrow keys, Home and End.
 * Answers the index to focus, or null for any other key.
 */
export function gridKeyTarget(key: string, index: number, count: number, columns: number): number | null {
  if (!count) return null;
  const last = count - 1;
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: Math.max(1, columns),
    ArrowUp: -Math.max(1, columns),
  };
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  const by = step[key];
  if (by === undefined) return null;
  return Math.max(0, Math.min(last, index + by));
}
