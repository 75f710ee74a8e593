import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, productFiles, products } from '../db/schema/index';
import type { FileStorage } from '../services/downloads/file-storage';
import { saveProductFile } from '../services/downloads/product-file.service';

/** The demo's digital product: its buyers get this file. */
export const DEMO_DOWNLOAD = { slug: 'lightroom-presets', filename: 'juniper-oak-warm-film.xmp' } as const;

/** A small Lightroom-style preset (XMP): what the demo's "Lightroom Presets" delivers. */
function presetXmp(): string {
  return [
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"',
    '   crs:PresetType="Normal" crs:Temperature="+8" crs:Contrast2012="+12"',
    '   crs:Highlights2012="-20" crs:Shadows2012="+15" crs:Vibrance="+10"',
    '   crs:GrainAmount="18">',
    '   <crs:Name><rdf:Alt><rdf:li xml:lang="x-default">Juniper &amp; Oak Warm Film</rdf:li></rdf:Alt></crs:Name>',
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '',
  ].join('\n');
}

/**
 * Give the seeded demo's digital product its file, so a demo purchase shows a working download
 * link. Runs once, right after the demo is seeded (an owner who later removes the file keeps
 * it removed); does nothing when the product or its file already exists.
 */
export async function seedDemoDownload(db: Database, storage: FileStorage, websiteId: string): Promise<void> {
  const [product] = await db
    .select({ itemId: products.itemId })
    .from(products)
    .innerJoin(items, eq(items.id, products.itemId))
    .where(
      and(
        eq(products.websiteId, websiteId),
        eq(items.urlId, DEMO_DOWNLOAD.slug),
        eq(products.productType, 2),
      ),
    );
  if (!product) return;
  const [existing] = await db.select().from(productFiles).where(eq(productFiles.itemId, product.itemId));
  if (existing) return;
  await saveProductFile(db, storage, websiteId, product.itemId, {
    filename: DEMO_DOWNLOAD.filename,
    stream: Readable.from([Buffer.from(presetXmp(), 'utf8')]),
    truncated: () => false,
  });
}
