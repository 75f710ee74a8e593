import { MAILING_LIST_MESSAGES as M } from '@store/api';
import type { BlockType } from '@store/blocks';
import type { Catalog } from '../api';

type SiteList = Catalog['lists'][number];

/** The list a new newsletter block or section starts with: the site's default list. */
export function defaultListId(catalog: Pick<Catalog, 'lists'> | null | undefined): string | undefined {
  return (catalog?.lists.find((l) => l.isDefault) ?? catalog?.lists[0])?.id;
}

/** Props a new block starts with beyond its defaults: a newsletter block joins the default list. */
export function startingProps(
  type: BlockType,
  catalog: Pick<Catalog, 'lists'> | null | undefined,
): Record<string, unknown> {
  const listId = type === 'newsletter' ? defaultListId(catalog) : undefined;
  return listId ? { listId } : {};
}

/**
 * What the "Mailing list" field says under its picker, as the server would refuse the save:
 * no list chosen, or one that is not (or no longer) on the site. Null while the lists load.
 */
export function listFieldProblem(value: unknown, lists: readonly SiteList[] | undefined): string | null {
  const id = typeof value === 'string' ? value : '';
  if (!id) return M.listRequired;
  if (!lists) return null;
  return lists.some((l) => l.id === id) ? null : M.notFound;
}
