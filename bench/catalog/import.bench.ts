import pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/client';
import { migrateDatabase } from '../../packages/server/src/db/migrate';
import { catalogToCsv, csvToProducts } from '../../packages/server/src/services/catalog-transfer/catalog-csv';
import { importCatalog } from '../../packages/server/src/services/catalog-transfer/import-catalog';
import { createSite } from '../../packages/server/src/services/sites/create-site';
import { newSiteInput } from '../../packages/server/src/services/sites/site-input';
import { median } from '../lib/load';

/**
 * Catalogue import on PostgreSQL: 10 000 products (50 stores of 200, the spec's limit per store,
 * two variants each) from one CSV file into an empty site, through the same checks and saves as
 * the product editor. Each round imports into a new site of a fresh database. Goal: under a
 * minute. `CATALOG_BENCH_URL` names the server (default the local one); the database
 * `catalog_bench` is dropped and made again.
 */
const PRODUCTS = Number(process.env.CATALOG_BENCH_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.CATALOG_BENCH_ROUNDS ?? 3);
const SERVER = process.env.CATALOG_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function catalogueCsv(round: number): string {
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    handle: `product-${i}`,
    store: `Store ${Math.floor(i / 200) + 1}`,
    title: `Product ${i} “linen, washed”`,
    excerpt: 'A short text',
    description: '<p>Soft and <strong>durable</strong>.</p>',
    productType: 1 as const,
    categories: [i % 3 === 0 ? 'Home > Kitchen' : 'Sale'],
    options: ['Size'],
    variants: ['S', 'M'].map((size) => ({
      sku: `R${round}-P${i}-${size}`,
      attributes: { Size: size },
      priceMinor: 1000 + i,
      salePriceMinor: 0,
      onSale: false,
      stock: i % 50,
      unlimited: false,
      weightGrams: 250,
      image: null,
    })),
    images: [],
    subscriptionPlan: null,
    translations: {},
  }));
  return catalogToCsv(products, 'USD');
}

export async function run() {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query('drop database if exists catalog_bench with (force)');
  await admin.query('create database catalog_bench');
  await admin.end();
  const handle = await openDatabase({
    databaseUrl: SERVER.replace(/\/[^/]*$/, '/catalog_bench'),
    poolSize: 10,
  });
  await migrateDatabase(handle);
  const seconds: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const made = await createSite(
        handle.db,
        newSiteInput.parse({
          siteTitle: `Bench ${round}`,
          email: `owner${round}@bench.test`,
          password: 'a long enough password',
          currency: 'USD',
          country: 'US',
          timeZone: 'America/New_York',
          starter: 'blank',
          hosts: [`bench-${round}.test`],
        }),
      );
      if (!made.ok) throw new Error(made.message);
      const csv = catalogueCsv(round);
      const started = performance.now();
      const sheet = csvToProducts(csv, 'USD');
      const result = await importCatalog(handle.db, made.site.id, sheet.products);
      const took = (performance.now() - started) / 1000;
      if (result.created !== PRODUCTS)
        throw new Error(`created ${result.created}: ${JSON.stringify(result.problems.slice(0, 3))}`);
      seconds.push(Math.round(took * 10) / 10);
    }
  } finally {
    await handle.close();
  }
  return {
    products: PRODUCTS,
    csvMegabytes: Math.round((catalogueCsv(0).length / 1024 / 1024) * 10) / 10,
    secondsPerRound: seconds,
    medianSeconds: median(seconds),
    productsPerSecond: Math.round(PRODUCTS / median(seconds)),
    goalSeconds: 60,
  };
}
