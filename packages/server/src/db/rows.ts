import type { SQL } from 'drizzle-orm';

/**
 * The one row a statement is certain to return (`insert … returning` of one row, an
 * aggregate without `group by`). Missing means the database broke its contract, so it is a
 * server error with a message that says which statement, never a silent `undefined`.
 */
export function theRow<T>(rows: readonly T[], statement: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}

/**
 * The rows of a raw SQL statement, on either driver: node-postgres and PGlite both answer
 * `db.execute` with a result whose `rows` are the selected rows.
 */
export async function selectRows<T>(db: { execute(query: SQL): Promise<unknown> }, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
