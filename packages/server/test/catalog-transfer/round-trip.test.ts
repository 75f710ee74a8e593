import type { TransferProduct } from '@store/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { catalogToCsv, csvToProducts } from '../../src/services/catalog-transfer/catalog-csv';
import { exportCatalog } from '../../src/services/catalog-transfer/export-catalog';
import { importCatalog } from '../../src/services/catalog-transfer/import-catalog';
import { createSite } from '../../src/services/sites/create-site';
import { newSiteInput } from '../../src/services/sites/site-input';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends, uniqueHost } from '../helpers/test-db';

/** A site with nothing in its store: the blank starter. */
async function emptySite(db: Database, currency = 'USD'): Promise<string> {
  const host = uniqueHost();
  const made = await createSite(
    db,
    newSiteInput.parse({
      siteTitle: 'Empty shop',
      email: `owner@${host}`,
      password: 'a long enough password',
      currency,
      country: 'US',
      timeZone: 'America/New_York',
      starter: 'blank',
      hosts: [host],
    }),
  );
  if (!made.ok) throw new Error(made.message);
  return made.site.id;
}

// Words with the characters a spreadsheet treats specially: quotes, commas, line breaks, a
// leading formula sign, accents.
const word = fc.constantFrom(
  'Linen',
  'Oak',
  'crème',
  '"Quoted"',
  'a, b',
  '=SUM(1)',
  '-20%',
  'Line\nbreak',
  'Ærø',
  '+1',
);
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ').trim());
const sizeValues = ['S', 'M', 'L', 'XL'];
const colourValues = ['Red', 'Blue', 'Green'];

/** A generated catalogue: stores with products whose variants form a full option grid. */
const catalogue = fc
  .array(
    fc.record({
      store: fc.constantFrom('Shop', 'Second store', 'Ærø goods'),
      title: name,
      excerpt: fc.constantFrom('', 'Short text', 'With, comma'),
      description: fc.constantFrom('', '<p>Soft <strong>linen</strong></p>', '<p>Two</p><p>paragraphs</p>'),
      productType: fc.constantFrom(1 as const, 2 as const, 3 as const),
      categories: fc.uniqueArray(fc.constantFrom('Bags', 'Home > Kitchen', 'Home', 'Sale'), { maxLength: 2 }),
      sizes: fc.integer({ min: 0, max: 3 }),
      colours: fc.integer({ min: 0, max: 2 }),
      price: fc.integer({ min: 0, max: 10_000_000 }),
      sale: fc.integer({ min: 0, max: 5000 }),
      onSale: fc.boolean(),
      stock: fc.integer({ min: 0, max: 500 }),
      unlimited: fc.boolean(),
      plan: fc.option(
        fc.record({
          billingPeriod: fc.record({
            value: fc.integer({ min: 1, max: 12 }),
            unit: fc.constantFrom('WEEK' as const, 'MONTH' as const),
          }),
          numBillingCycles: fc.integer({ min: 0, max: 24 }),
        }),
        { nil: null },
      ),
      french: fc.option(fc.record({ title: name, excerpt: fc.constant('Texte court') }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((drafts) =>
    drafts.map((d, i): TransferProduct => {
      const options = [...(d.sizes > 0 ? ['Size'] : []), ...(d.colours > 0 ? ['Colour'] : [])];
      const sizes = d.sizes > 0 ? sizeValues.slice(0, d.sizes) : [undefined];
      const colours = d.colours > 0 ? colourValues.slice(0, d.colours) : [undefined];
      const digital = d.productType === 2;
      const variants = (digital ? [undefined] : sizes).flatMap((size) =>
        (digital ? [undefined] : colours).map((colour, k) => ({
          sku: `SKU-${i}-${size ?? 'x'}-${colour ?? 'x'}-${k}`,
          attributes: { ...(size ? { Size: size } : {}), ...(colour ? { Colour: colour } : {}) },
          priceMinor: d.price,
          // The editor's rule: a variant on sale costs less than its price.
          salePriceMinor: d.onSale && d.price > 0 ? Math.min(d.sale, d.price - 1) : Math.min(d.sale, d.price),
          onSale: d.onSale && d.price > 0,
          stock: digital || d.unlimited ? 0 : d.stock,
          unlimited: digital || d.unlimited,
          weightGrams: 0,
          image: null,
        })),
      );
      return {
        handle: `product-${i}`,
        store: d.store,
        title: d.title,
        excerpt: d.excerpt,
        description: d.description,
        productType: d.productType,
        categories: d.categories,
        options: digital ? [] : options,
        variants,
        images: [],
        subscriptionPlan: d.productType === 1 ? d.plan : null,
        translations: d.french ? { fr: d.french } : {},
      };
    }),
  );

/** What a catalogue says, in an order that does not depend on insertion. */
function normalise(products: TransferProduct[]) {
  return products
    .map((p) => ({
      ...p,
      categories: [...p.categories].sort(),
      variants: [...p.variants].sort((a, b) => a.sku.localeCompare(b.sku)),
    }))
    .sort((a, b) => `${a.store}/${a.handle}`.localeCompare(`${b.store}/${b.handle}`));
}

describe.each(backends)('catalogue export and import round-trip (%s)', (backend) => {
  let base: TestSite;
  beforeAll(async () => {
    // A demo site first, so the generated sites are never the database's default.
    base = await createTestSite(backend);
  });
  afterAll(() => base?.app.close());

  it('JSON → site A → CSV → site B gives the same catalogue, for generated catalogues', async () => {
    const db = base.app.database.db;
    await fc.assert(
      fc.asyncProperty(catalogue, async (products) => {
        const a = await emptySite(db);
        const first = await importCatalog(
          db,
          a,
          products.map((value, i) => ({ rows: [i], value, problems: [] })),
        );
        expect(first.problems).toEqual([]);
        expect(first.created).toBe(products.length);
        const fromA = await exportCatalog(db, a);
        expect(normalise(fromA)).toEqual(normalise(products));

        const csv = catalogToCsv(fromA, 'USD');
        const read = csvToProducts(csv, 'USD');
        expect(read.problems).toEqual([]);
        const b = await emptySite(db);
        const second = await importCatalog(db, b, read.products);
        expect(second.problems).toEqual([]);
        expect(normalise(await exportCatalog(db, b))).toEqual(normalise(fromA));

        // Importing the same file again changes nothing and creates nothing.
        const again = await importCatalog(db, b, csvToProducts(csv, 'USD').products);
        expect(again).toMatchObject({ created: 0, updated: products.length, failed: 0 });
        expect(normalise(await exportCatalog(db, b))).toEqual(normalise(fromA));
      }),
      { numRuns: 5 },
    );
  }, 300_000);

  it('exports the demo catalogue and imports it into an empty site unchanged', async () => {
    const db = base.app.database.db;
    const demo = await exportCatalog(db, base.websiteId);
    expect(demo.length).toBeGreaterThan(0);
    // Seeded pictures are not in any media library: an empty site cannot have them.
    const withoutImages = demo.map((p) => ({
      ...p,
      images: [],
      variants: p.variants.map((v) => ({ ...v, image: null })),
    }));
    const site = await emptySite(db);
    const result = await importCatalog(
      db,
      site,
      csvToProducts(catalogToCsv(withoutImages, 'USD'), 'USD').products,
    );
    expect(result.problems).toEqual([]);
    expect(normalise(await exportCatalog(db, site))).toEqual(normalise(withoutImages));
  }, 120_000);
});
