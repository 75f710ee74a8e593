import { z } from 'zod';
import { ApiError } from '../../errors';

/**
 * Opaque keyset cursors (`nextPageCursor`): the sort key of the last row, base64url JSON.
 * Keyset rather than offset so a page never repeats or skips rows while signups arrive.
 */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const cursorSchema = z.array(z.string().max(256)).min(1).max(4);

export function decodeCursor(cursor: string | undefined, parts: number): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    if (cursor.length > 2048) throw new Error('long');
    const key = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.length !== parts) throw new Error('parts');
    return key;
  } catch {
    throw new ApiError('BAD_REQUEST', 'The cursor is not valid.');
  }
}

/** Split a fetched page of `size + 1` rows into the page and its continuation. */
export function paginate<T>(rows: T[], size: number, keyOf: (row: T) => string[]) {
  const hasNextPage = rows.length > size;
  const page = hasNextPage ? rows.slice(0, size) : rows;
  return {
    page,
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor(keyOf(page[page.length - 1])) : null,
  };
}
