import type { FastifyInstance } from 'fastify';
import { valueOrFail } from '../reasons';
import { monthAvailability } from '../services/scheduling/availability';
import { bookableTypes } from '../services/scheduling/bookable-types';
import { publicBookingView } from '../services/scheduling/booking-view';
import {
  bookingByToken,
  cancelBooking,
  createBooking,
  rescheduleBooking,
} from '../services/scheduling/bookings';
import { payForBooking } from '../services/scheduling/booking-payment';
import { usableZone } from '../services/scheduling/clock';
import { at, zodRoutes } from './api-schema';
import { cartOwner, setCartCookies } from './cart-identity';

/** Booking is a stored write the owner acts on: 20 per client address per 10 minutes. */
const BOOK_LIMIT = { name: 'scheduling-book', max: 20, windowMs: 10 * 60_000 };
const MANAGE_LIMIT = { name: 'scheduling-manage', max: 30, windowMs: 10 * 60_000 };

/**
 * Visitors' scheduling (the scheduling block and page): bookable types, a month's free times
 * (UTC instants and the site's time zone; the same for every visitor, so briefly cacheable),
 * booking, and the signed manage link (read, reschedule, cancel).
 */
export async function schedulingPublicRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const api = zodRoutes(app);

  api.get(...at('GET /api/scheduling/types'), async (request, reply) => {
    const types = await bookableTypes(db, request.site.id);
    reply.header('cache-control', 'public, max-age=30');
    return { timeZone: usableZone(request.site.timeZone), types };
  });

  api.get(...at('GET /api/scheduling/types/:typeId/availability'), async (request, reply) => {
    const { month, staffId } = request.query;
    const answer = valueOrFail(
      await monthAvailability(db, request.site, request.params.typeId, month, { staffId }),
    );
    // The same for every visitor: a short shared lifetime keeps a busy page's requests cheap,
    // and a booking of a time listed meanwhile answers 409 SLOT_TAKEN.
    reply.header('cache-control', 'public, max-age=15');
    return {
      timeZone: answer.timeZone,
      typeId: request.params.typeId,
      month,
      slots: answer.slots.map((s) => ({
        start: new Date(s.start).toISOString(),
        end: new Date(s.end).toISOString(),
        staffIds: s.staffIds,
        seatsLeft: s.seatsLeft,
      })),
    };
  });

  api.post(
    ...at('POST /api/scheduling/bookings', { config: { limit: BOOK_LIMIT } }),
    async (request, reply) => {
      const booked = valueOrFail(await createBooking(db, request.site, request.body));
      if (booked.paymentRequired) {
        // The booking's line (the type's service product) goes into the visitor's cart now: paying is checkout.
        const line = valueOrFail(
          await payForBooking(db, request.site.id, cartOwner(request), booked.manageToken),
        );
        if (line.createdToken) setCartCookies(request, reply, line.createdToken);
      }
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({
        booking: publicBookingView(booked.record, request.site.timeZone, new Date()),
        manageToken: booked.manageToken,
        managePath: `/api/scheduling/manage/${booked.manageToken}`,
        paymentRequired: booked.paymentRequired,
      });
    },
  );

  const manage = { config: { limit: MANAGE_LIMIT } };
  api.get(...at('GET /api/scheduling/manage/:token', { ...manage }), async (request, reply) => {
    const record = valueOrFail(await bookingByToken(db, request.site.id, request.params.token));
    reply.header('cache-control', 'no-store');
    return publicBookingView(record, request.site.timeZone, new Date());
  });
  api.post(...at('POST /api/scheduling/manage/:token/reschedule', { ...manage }), async (request) => {
    const record = valueOrFail(await bookingByToken(db, request.site.id, request.params.token));
    const moved = valueOrFail(
      await rescheduleBooking(db, request.site, record.booking.id, {
        start: request.body.start,
        byVisitor: true,
      }),
    );
    return publicBookingView(moved, request.site.timeZone, new Date());
  });
  api.post(...at('POST /api/scheduling/manage/:token/cancel', { ...manage }), async (request) => {
    const record = valueOrFail(await bookingByToken(db, request.site.id, request.params.token));
    const cancelled = valueOrFail(
      await cancelBooking(db, request.site.id, record.booking.id, { byVisitor: true }),
    );
    return publicBookingView(cancelled, request.site.timeZone, new Date());
  });
}
