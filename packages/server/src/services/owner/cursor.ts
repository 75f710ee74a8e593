import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { Rejection } from '../../reasons';

/**
 * Opaque keyset cursors (`nextPageCursor`): the sort key of the last row, base64url JSON.
 * Keyset rather than offset so a page never repeats or skips rows while signups arrive.
 */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const cursorSchema = z.array(z.string().max(256)).min(1).max(4);

/** NUL or a lone surrogate: PostgreSQL refuses both as text. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A timestamp as PostgreSQL prints `timestamptz::text` (what cursors carry), on a real
 * calendar day: anything else would be refused by the database's cast (a 500 before).
 */
export function isTimestampText(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60
  );
}

/**
 * Decode a cursor of `parts` strings; `timestampAt` names the part that must be a
 * timestamp (it is cast to timestamptz in SQL). Anything else is the reason `CURSOR_INVALID`
 * (a 400, never a 500), thrown as a Rejection: the lists that read cursors are queries deep in
 * their services, and the error handler answers a Rejection like a returned reason.
 */
export function decodeCursor(
  cursor: string | undefined,
  parts: number,
  timestampAt?: number,
): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    if (cursor.length > 2048) throw new Error('long');
    const key = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.length !== parts) throw new Error('parts');
    if (key.some((part) => UNSTORABLE.test(part))) throw new Error('text');
    if (timestampAt !== undefined && !isTimestampText(key[timestampAt] ?? '')) throw new Error('timestamp');
    return key;
  } catch {
    throw new Rejection('CURSOR_INVALID');
  }
}

/** Split a fetched page of `size + 1` rows into the page and its continuation. */
export function paginate<T>(rows: T[], size: number, keyOf: (row: T) => string[]) {
  const hasNextPage = rows.length > size;
  const page = hasNextPage ? rows.slice(0, size) : rows;
  return {
    page,
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor(keyOf(page[page.length - 1] as T)) : null,
  };
}

/**
 * Keyset condition "older than (createdAt, id)" for newest-first lists, from a cursor that
 * `decodeCursor(cursor, 2, 0)` decoded (so its first part is a checked timestamp).
 */
export function olderThan(
  col: { createdAt: AnyPgColumn; id: AnyPgColumn },
  key: string[] | undefined,
): SQL | undefined {
  const [createdAt, id] = key ?? [];
  if (createdAt === undefined || id === undefined) return undefined;
  return sql`(${col.createdAt}, ${col.id}) < (${createdAt}::timestamptz, ${id})`;
}
