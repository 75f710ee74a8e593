import { isReservedSlug } from '@store/commerce';

export const DEFAULT_SLUG = 'page';

/** Lower-case URL slug from a title: letters and digits joined by single dashes. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * Spec §5 unique-name helper: a base under 3 characters falls back to the default, and a
 * taken name gets `-1`, `-2`, … appended until it is free.
 */
export function uniqueName(wanted: string, taken: ReadonlySet<string>, fallback = DEFAULT_SLUG): string {
  const slug = slugify(wanted);
  const base = slug.length < 3 ? fallback : slug;
  const free = (name: string) => !taken.has(name) && !isReservedSlug(name);
  if (free(base)) return base;
  for (let n = 1; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
}
