import { CATALOG_TRANSFER_MESSAGES as M, transferCatalog } from '@store/api';
import { fillMessage } from '@store/commerce';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { catalogToCsv, csvToProducts, type SheetProduct } from '../services/catalog-transfer/catalog-csv';
import { exportCatalog } from '../services/catalog-transfer/export-catalog';
import { importCatalog } from '../services/catalog-transfer/import-catalog';
import { csvFilename } from '../services/owner/csv';
import { at, zodRoutes } from './api-schema';

/** A catalogue file of 10 000 products with a few variants each fits with room to spare. */
const IMPORT_BYTES = 32 * 1024 * 1024;

/**
 * The catalogue in and out of the site: CSV for spreadsheets, JSON for programs. Registered in
 * the studio group, so a successful import drops the cached pages.
 */
export async function catalogTransferRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/catalog/export'), async (request, reply) => {
    const products = await exportCatalog(db, request.site.id);
    const currency = request.site.currency;
    reply.header('cache-control', 'no-store');
    if (request.query.format === 'json') {
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvFilename('catalog').replace(/\.csv$/, '.json')}"`,
        )
        .send(JSON.stringify({ format: 'juniper-catalog', version: 1, currency, products }));
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFilename('catalog')}"`)
      .send(catalogToCsv(products, currency));
  });

  api.post(...at('POST /api/studio/catalog/import', { bodyLimit: IMPORT_BYTES }), async (request) => {
    const currency = request.site.currency;
    let sheet: SheetProduct[];
    if (request.query.format === 'json') {
      const parsed = transferCatalog.safeParse(request.body);
      if (!parsed.success) throw new ApiError('VALIDATION_FAILED', M.notACatalogue);
      if (parsed.data.currency !== currency)
        throw new ApiError(
          'VALIDATION_FAILED',
          fillMessage(M.currencyDiffers, { catalogue: parsed.data.currency, site: currency }),
        );
      sheet = parsed.data.products.map((value, i) => ({ rows: [i], value, problems: [] }));
    } else {
      if (typeof request.body !== 'string') throw new ApiError('UNSUPPORTED_MEDIA_TYPE', M.sendCsv);
      const read = csvToProducts(request.body, currency);
      if (read.problems.length > 0)
        return {
          created: 0,
          updated: 0,
          failed: 0,
          problems: read.problems.map((p) => ({ ...p, handle: null, field: null })),
        };
      sheet = read.products;
    }
    return importCatalog(db, request.site.id, sheet);
  });
}
