import { openDatabase } from '../../packages/server/src/db/client';
import { scaleCatalog } from '../../packages/server/src/seed/scale-catalog';

/** Grow the demo store of the database's (one) website to `factor` × its products. */
export async function scaleCatalogAt(databaseUrl: string, factor: number): Promise<void> {
  if (factor < 2) return;
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const { rows } = await handle.pool!.query<{ id: string }>('select id from websites order by id limit 1');
    const [site] = rows;
    if (!site) throw new Error('no site to scale');
    await scaleCatalog(handle.db, site.id, factor);
  } finally {
    await handle.close();
  }
}
