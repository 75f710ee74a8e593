import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { payForBooking } from '../services/scheduling/booking-payment';
import { feedStatus, issueFeed, revokeFeed, staffFeed } from '../services/scheduling/calendar-feed';
import { at, zodRoutes } from './api-schema';
import { cartOwner, setCartCookies } from './cart-identity';

/** A feed is fetched by calendar servers every few minutes to hours: 60 per address per 10 minutes. */
const FEED_LIMIT = { name: 'scheduling-feed', max: 60, windowMs: 10 * 60_000 };
const PAY_LIMIT = { name: 'scheduling-pay', max: 30, windowMs: 10 * 60_000 };

/**
 * Staff calendar feeds: `GET /calendar/<secret>.ics` (the iCalendar feed Google Calendar and
 * Apple Calendar subscribe to; 404 once revoked), and the owner's calls that issue a new
 * address (shown once), say whether one is live, and revoke it (`schedulingSetup`). Also the
 * visitor's pay step of a held booking (its line into the cart, then checkout).
 */
export async function schedulingFeedRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const api = zodRoutes(app);

  app.get<{ Params: { file: string } }>(
    '/calendar/:file',
    { config: { limit: FEED_LIMIT } },
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{16,128})\.ics$/.exec(request.params.file);
      const feed = match?.[1] && request.site ? await staffFeed(db, request.site.id, match[1]) : null;
      if (!feed) return reply.callNotFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('content-disposition', 'inline; filename="bookings.ics"')
        .send(feed);
    },
  );

  api.post(
    ...at('POST /api/scheduling/manage/:token/pay', { config: { limit: PAY_LIMIT } }),
    async (request, reply) => {
      const line = valueOrFail(
        await payForBooking(db, request.site.id, cartOwner(request), request.params.token),
      );
      if (line.createdToken) setCartCookies(request, reply, line.createdToken);
      reply.header('cache-control', 'no-store');
      return { bookingId: line.bookingId, holdExpiresAt: line.holdExpiresAt, checkoutPath: '/checkout' };
    },
  );

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    api.get(...at('GET /api/studio/scheduling/staff/:staffId/calendar-feed'), async (request) =>
      valueOrFail(await feedStatus(db, request.site.id, request.params.staffId)),
    );
    api.post(...at('POST /api/studio/scheduling/staff/:staffId/calendar-feed'), async (request, reply) =>
      reply.code(201).send(valueOrFail(await issueFeed(db, request.site, request.params.staffId))),
    );
    api.delete(...at('DELETE /api/studio/scheduling/staff/:staffId/calendar-feed'), async (request) => {
      valueOrFail(await feedStatus(db, request.site.id, request.params.staffId));
      await revokeFeed(db, request.site.id, request.params.staffId);
      return { ok: true };
    });
  });
}
