import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { publicCampaign, ownerDonations, thankYouOf } from '../services/donations/donor-views';
import { donationSettingsView, saveDonationSettings } from '../services/donations/owner-donations';
import { startDonation } from '../services/donations/start-donation';
import { at, zodRoutes } from './api-schema';
import { cartOwner, setCartCookies } from './cart-identity';

/** A donation puts a line in a cart: 30 per client address per 10 minutes. */
const GIVE_LIMIT = { name: 'donation-give', max: 30, windowMs: 10 * 60_000 };

/**
 * Donations: the donation block's and the donate page's island (read a form, give), the
 * thank-you page's summary, and the owner's Donations screen (list, totals, receipt wording).
 */
export async function donationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const api = zodRoutes(app);

  api.get(...at('GET /api/donations/campaigns/:campaignId'), async (request, reply) => {
    const campaign = valueOrFail(await publicCampaign(db, request.site, request.params.campaignId));
    reply.header('cache-control', 'no-store');
    return campaign;
  });

  api.post(...at('POST /api/donations', { config: { limit: GIVE_LIMIT } }), async (request, reply) => {
    const { cartToken, ...input } = request.body;
    const started = valueOrFail(await startDonation(db, request.site, cartOwner(request, cartToken), input));
    if (started.createdToken) setCartCookies(request, reply, started.createdToken);
    reply.header('cache-control', 'no-store');
    return {
      campaignId: started.campaignId,
      amountMinor: started.amountMinor,
      frequency: started.frequency,
      checkoutPath: started.checkoutPath,
    };
  });

  api.get(...at('GET /api/donations/orders/:orderId'), async (request, reply) => {
    const view = valueOrFail(await thankYouOf(db, request.site, request.params.orderId, request.query.token));
    reply.header('cache-control', 'private, no-store');
    return view;
  });

  const owner = { preValidation: requireOwner };
  api.get(...at('GET /api/studio/donations', owner), async (request, reply) => {
    const answer = valueOrFail(await ownerDonations(db, request.site.id, request.query));
    return reply.header('cache-control', 'private, no-store').send(answer);
  });
  api.get(...at('GET /api/studio/donations/settings', owner), async (request) =>
    donationSettingsView(db, request.site.id),
  );
  api.put(...at('PUT /api/studio/donations/settings', owner), async (request) =>
    saveDonationSettings(db, request.site.id, request.body),
  );
}
