import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  createCoupon,
  deleteCoupon,
  listCoupons,
  updateCoupon,
} from '../services/store-settings/coupons.service';
import {
  createShippingOption,
  deleteShippingOption,
  listShippingOptions,
  updateShippingOption,
} from '../services/store-settings/shipping-options.service';
import {
  createTaxRule,
  deleteTaxRule,
  listTaxRules,
  updateTaxRule,
} from '../services/store-settings/tax-rules.service';
import { at, zodRoutes } from './api-schema';
import { checkoutNewsletterRoutes } from './checkout-newsletter.routes';
import { commercePreferencesRoutes } from './commerce-preferences.routes';

/**
 * The store back office's settings: shipping options, tax rules and coupons
 * (owner-only CRUD under /api/studio/commerce), the spec §7 commerce preferences, and
 * checkout's newsletter box.
 * Carts price with the changes at once on this process, within seconds on others.
 */
export async function storeSettingsRoutes(app: FastifyInstance) {
  const db = app.database.db;
  await app.register(commercePreferencesRoutes);
  // Checkout's "Keep me posted" box: a store setting the checkout page shows.
  await app.register(checkoutNewsletterRoutes);
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);
  const site = (request: { site: { id: string } }) => request.site.id;

  api.get(...at('GET /api/studio/commerce/shipping-options'), (r) => listShippingOptions(db, site(r)));
  api.post(...at('POST /api/studio/commerce/shipping-options'), async (r, reply) =>
    reply.code(201).send(await createShippingOption(db, site(r), r.body)),
  );
  api.put(...at('PUT /api/studio/commerce/shipping-options/:id'), async (r) =>
    valueOrFail(await updateShippingOption(db, site(r), r.params.id, r.body)),
  );
  api.delete(...at('DELETE /api/studio/commerce/shipping-options/:id'), async (r) =>
    valueOrFail(await deleteShippingOption(db, site(r), r.params.id)),
  );

  api.get(...at('GET /api/studio/commerce/tax-rules'), (r) => listTaxRules(db, site(r)));
  api.post(...at('POST /api/studio/commerce/tax-rules'), async (r, reply) =>
    reply.code(201).send(await createTaxRule(db, site(r), r.body)),
  );
  api.put(...at('PUT /api/studio/commerce/tax-rules/:id'), async (r) =>
    valueOrFail(await updateTaxRule(db, site(r), r.params.id, r.body)),
  );
  api.delete(...at('DELETE /api/studio/commerce/tax-rules/:id'), async (r) =>
    valueOrFail(await deleteTaxRule(db, site(r), r.params.id)),
  );

  api.get(...at('GET /api/studio/commerce/coupons'), (r) => listCoupons(db, site(r)));
  api.post(...at('POST /api/studio/commerce/coupons'), async (r, reply) =>
    reply.code(201).send(valueOrFail(await createCoupon(db, site(r), r.body))),
  );
  api.put(...at('PUT /api/studio/commerce/coupons/:id'), async (r) =>
    valueOrFail(await updateCoupon(db, site(r), r.params.id, r.body)),
  );
  api.delete(...at('DELETE /api/studio/commerce/coupons/:id'), async (r) =>
    valueOrFail(await deleteCoupon(db, site(r), r.params.id)),
  );
}
