import { and, eq } from 'drizzle-orm';
import { collections, forms, mediaAssets } from '../../src/db/schema/index';
import type { TestSite } from '../helpers/test-app';
import { type Backend, testDatabase } from '../helpers/test-db';
import { present } from '../helpers/present';

/** The demo store's collection id. */
export async function shopId(backend: Backend, site: TestSite): Promise<string> {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, site.websiteId), eq(collections.urlId, 'shop')));
  return present(row, 'the demo shop').id;
}

/** One of the demo site's forms (the additional-fields form). */
export async function someFormId(backend: Backend, site: TestSite): Promise<string> {
  const { db } = await testDatabase(backend);
  const [row] = await db.select({ id: forms.id }).from(forms).where(eq(forms.websiteId, site.websiteId));
  return present(row, 'a demo form').id;
}

/** A library image row (as an upload would leave it) without running the resizer. */
export async function libraryImage(backend: Backend, site: TestSite, name: string): Promise<string> {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .insert(mediaAssets)
    .values({
      websiteId: site.websiteId,
      hash: `${name}0123456789abcdef`.slice(0, 16),
      filename: `${name}.png`,
      altText: `${name} alt`,
      contentType: 'image/png',
      width: 800,
      height: 600,
      bytes: 1234,
      widths: [100, 300, 500, 750],
    })
    .returning({ id: mediaAssets.id });
  return present(row, 'the inserted image').id;
}

let counter = 0;

/** A valid two-option product body (Size × Color) with stock, in the given store. */
export function teeBody(collectionId: string, overrides: Record<string, unknown> = {}) {
  const tag = `T${++counter}${Date.now().toString(36).toUpperCase()}`;
  const variants = ['S', 'M'].flatMap((size) =>
    ['Red', 'Blue'].map((color) => ({
      sku: `${tag}-${size}-${color}`,
      attributes: { Size: size, Color: color },
      priceCents: 2500,
      qtyInStock: 4,
      weightGrams: 200,
    })),
  );
  return {
    title: `Test Tee ${tag}`,
    collectionId,
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants,
    ...overrides,
  };
}

/** Collect NOTIFY payloads of `channel` on the back-end the app uses, until `stop()`. */
export async function listen(
  backend: Backend,
  channel: string,
): Promise<{ seen: string[]; stop(): Promise<void> }> {
  const handle = await testDatabase(backend);
  const seen: string[] = [];
  if (handle.pool) {
    const client = await handle.pool.connect();
    client.on('notification', (n) => n.channel === channel && seen.push(n.payload ?? ''));
    await client.query(`listen ${channel}`);
    return {
      seen,
      async stop() {
        await client.query(`unlisten ${channel}`);
        client.release();
      },
    };
  }
  const pglite = (
    handle.db as unknown as {
      $client: { listen(c: string, cb: (p: string) => void): Promise<() => Promise<void>> };
    }
  ).$client;
  const unlisten = await pglite.listen(channel, (payload) => seen.push(payload));
  return { seen, stop: () => unlisten() };
}
