import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';

/**
 * One SQL statement on the hot paths, past the query builder: on PostgreSQL a named
 * prepared statement (parsed and planned once per connection), on PGlite a parameterised
 * query. `db` must be the database, not a transaction (these run on their own).
 */
export async function rawQuery<T>(db: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool)
    return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<T>(text, values)).rows;
}
