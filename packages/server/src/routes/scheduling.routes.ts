import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { bookingRecord, ownerBookingView } from '../services/scheduling/booking-view';
import { cancelBooking, markNoShow, rescheduleBooking } from '../services/scheduling/bookings';
import { addBlock, calendarRange, removeBlock } from '../services/scheduling/calendar';
import { usableZone } from '../services/scheduling/clock';
import {
  addHoliday,
  deleteStaff,
  deleteType,
  getStaff,
  getType,
  listHolidays,
  listStaff,
  listTypes,
  removeHoliday,
  saveStaff,
  saveType,
} from '../services/scheduling/setup';
import { at, zodRoutes } from './api-schema';

const RANGE_DAYS_MS = 62 * 24 * 3600_000;

/**
 * Studio → Scheduling (docs/scheduling.md): appointment types, staff and their hours,
 * holidays (the `schedulingSetup` capability), the calendar of bookings and blocks, and
 * changes to bookings (the `scheduling` capability). Every answer is the owner's: no-store.
 */
export async function schedulingRoutes(app: FastifyInstance) {
  const db = app.database.db;
  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    const siteOf = (request: { site: { id: string; timeZone: string; currency: string } }) => request.site;

    // ---------------------------------------------------------------- appointment types
    api.get(...at('GET /api/studio/scheduling/types'), async (request) => ({
      types: await listTypes(db, request.site.id),
      timeZone: usableZone(request.site.timeZone),
      currency: request.site.currency,
    }));
    api.post(...at('POST /api/studio/scheduling/types'), async (request, reply) =>
      reply.code(201).send(valueOrFail(await saveType(db, siteOf(request), null, request.body))),
    );
    api.get(...at('GET /api/studio/scheduling/types/:typeId'), async (request) =>
      valueOrFail(await getType(db, request.site.id, request.params.typeId)),
    );
    api.put(...at('PUT /api/studio/scheduling/types/:typeId'), async (request) =>
      valueOrFail(await saveType(db, siteOf(request), request.params.typeId, request.body)),
    );
    api.delete(...at('DELETE /api/studio/scheduling/types/:typeId'), async (request) => {
      valueOrFail(await deleteType(db, request.site.id, request.params.typeId));
      return { ok: true };
    });

    // ---------------------------------------------------------------- staff and holidays
    api.get(...at('GET /api/studio/scheduling/staff'), async (request) => ({
      staff: await listStaff(db, request.site.id),
      timeZone: usableZone(request.site.timeZone),
    }));
    api.post(...at('POST /api/studio/scheduling/staff'), async (request, reply) =>
      reply.code(201).send(valueOrFail(await saveStaff(db, request.site.id, null, request.body))),
    );
    api.get(...at('GET /api/studio/scheduling/staff/:staffId'), async (request) =>
      valueOrFail(await getStaff(db, request.site.id, request.params.staffId)),
    );
    api.put(...at('PUT /api/studio/scheduling/staff/:staffId'), async (request) =>
      valueOrFail(await saveStaff(db, request.site.id, request.params.staffId, request.body)),
    );
    api.delete(...at('DELETE /api/studio/scheduling/staff/:staffId'), async (request) => {
      valueOrFail(await deleteStaff(db, request.site.id, request.params.staffId));
      return { ok: true };
    });
    api.get(...at('GET /api/studio/scheduling/holidays'), async (request) => ({
      holidays: await listHolidays(db, request.site.id),
    }));
    api.post(...at('POST /api/studio/scheduling/holidays'), async (request, reply) =>
      reply.code(201).send(await addHoliday(db, request.site.id, request.body)),
    );
    api.delete(...at('DELETE /api/studio/scheduling/holidays/:holidayId'), async (request) => {
      valueOrFail(await removeHoliday(db, request.site.id, request.params.holidayId));
      return { ok: true };
    });

    // ---------------------------------------------------------------- calendar and bookings
    api.get(...at('GET /api/studio/scheduling/bookings'), async (request) => {
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (!(from < to) || to.getTime() - from.getTime() > RANGE_DAYS_MS)
        valueOrFail({ ok: false, reason: 'SCHEDULING_RANGE' });
      const { bookings, blocks } = await calendarRange(db, request.site.id, {
        from,
        to,
        staffId: request.query.staffId,
      });
      return {
        timeZone: usableZone(request.site.timeZone),
        bookings: bookings.map(ownerBookingView),
        blocks,
      };
    });
    api.get(...at('GET /api/studio/scheduling/bookings/:bookingId'), async (request) => {
      const record = await bookingRecord(db, request.site.id, request.params.bookingId);
      if (!record)
        return valueOrFail({ ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That booking' } });
      return ownerBookingView(record);
    });
    api.post(...at('POST /api/studio/scheduling/bookings/:bookingId/reschedule'), async (request) =>
      ownerBookingView(
        valueOrFail(
          await rescheduleBooking(db, siteOf(request), request.params.bookingId, {
            ...request.body,
            byVisitor: false,
          }),
        ),
      ),
    );
    api.post(...at('POST /api/studio/scheduling/bookings/:bookingId/cancel'), async (request) =>
      ownerBookingView(
        valueOrFail(await cancelBooking(db, request.site.id, request.params.bookingId, { byVisitor: false })),
      ),
    );
    api.post(...at('POST /api/studio/scheduling/bookings/:bookingId/no-show'), async (request) =>
      ownerBookingView(valueOrFail(await markNoShow(db, request.site.id, request.params.bookingId))),
    );
    api.post(...at('POST /api/studio/scheduling/blocks'), async (request, reply) =>
      reply.code(201).send(valueOrFail(await addBlock(db, request.site.id, request.body))),
    );
    api.delete(...at('DELETE /api/studio/scheduling/blocks/:blockId'), async (request) => {
      valueOrFail(await removeBlock(db, request.site.id, request.params.blockId));
      return { ok: true };
    });
  });
}
