import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sqlState } from '../../db/retry-transaction';
import { selectRows } from '../../db/rows';
import { Rejection } from '../../reasons';
import type { TypeRow } from './availability';

/**
 * Taking and giving back staff time inside a transaction (drizzle/0025_scheduling.sql explains
 * the constraints). Nothing here checks first and inserts after: the claim insert itself meets
 * the exclusion constraint, and a seat is chosen under the claim's row lock with the unique
 * index behind it. A conflict rolls the transaction back with SLOT_TAKEN.
 */

/** The exclusion (23P01) and unique (23505) violations: someone else has the time or the seat. */
export function isSlotConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '23P01' || state === '23505';
}

export interface Times {
  staffId: string;
  start: Date;
  end: Date;
  occupiedStart: Date;
  occupiedEnd: Date;
}

export function timesOf(type: TypeRow, staffId: string, start: Date): Times {
  const end = new Date(start.getTime() + type.durationMinutes * 60_000);
  return {
    staffId,
    start,
    end,
    occupiedStart: new Date(start.getTime() - type.bufferBeforeMinutes * 60_000),
    occupiedEnd: new Date(end.getTime() + type.bufferAfterMinutes * 60_000),
  };
}

const iso = (d: Date) => d.toISOString();

/**
 * Free the seats of payment holds that expired on this staff member's time around `times`, so
 * their claims stop holding it (the hold sweeper does the same for every site). A hold whose
 * cart line is in a checkout still deciding is kept (booking-payment.ts).
 */
export async function releaseExpiredHolds(tx: Tx, siteId: string, times: Times, now: Date): Promise<void> {
  const expired = await selectRows<{ claim_id: string }>(
    tx,
    sql`update scheduling_bookings set status = 'cancelled', cancelled_at = ${iso(now)}::timestamptz, updated_at = now()
      where website_id = ${siteId} and staff_id = ${times.staffId} and status = 'pending_payment'
        and hold_expires_at <= ${iso(now)}::timestamptz
        and occupied_start < ${iso(times.occupiedEnd)}::timestamptz and occupied_end > ${iso(times.occupiedStart)}::timestamptz
        and not exists (
          select 1 from checkout_reservations r join cart_entries e on e.cart_id = r.cart_id
          where r.state in ('RESERVED', 'ACTION') and e.additional_fields ->> 'bookingId' = scheduling_bookings.id)
      returning claim_id`,
  );
  for (const claimId of new Set(expired.map((r) => r.claim_id))) await freeClaimIfEmpty(tx, claimId);
}

/** A claim with no live seat left gives its time back (its row stays for the record). */
export async function freeClaimIfEmpty(tx: Tx, claimId: string): Promise<void> {
  await tx.execute(sql`select id from scheduling_claims where id = ${claimId} for update`);
  await tx.execute(
    sql`update scheduling_claims set active = false
      where id = ${claimId} and kind <> 'block' and not exists (
        select 1 from scheduling_bookings b where b.claim_id = ${claimId} and b.status <> 'cancelled')`,
  );
}

export interface Seat {
  claimId: string;
  seatNo: number;
  capacity: number;
}

/**
 * Take `type`'s time at `times` and a seat in it: a private appointment claims the time alone;
 * a class opens a session (a claim with `capacity` seats) or joins the one already there and
 * takes its lowest free seat. `exceptBookingId`: a booking being moved within its own session.
 */
export async function takeSeat(
  tx: Tx,
  siteId: string,
  type: TypeRow,
  times: Times,
  exceptBookingId?: string,
): Promise<Seat> {
  const kind = type.capacity > 1 ? 'class' : 'appointment';
  const inserted = await selectRows<{ id: string; capacity: number }>(
    tx,
    sql`insert into scheduling_claims (website_id, staff_id, kind, type_id, starts_at, ends_at, occupied_start, occupied_end, capacity)
      values (${siteId}, ${times.staffId}, ${kind}, ${type.id}, ${iso(times.start)}::timestamptz, ${iso(times.end)}::timestamptz,
        ${iso(times.occupiedStart)}::timestamptz, ${iso(times.occupiedEnd)}::timestamptz, ${type.capacity})
      on conflict do nothing
      returning id, capacity`,
  );
  let claim = inserted[0];
  if (!claim && kind === 'class') {
    // Someone opened this session first: join it, under its row lock (seat choosers queue here).
    [claim] = await selectRows<{ id: string; capacity: number }>(
      tx,
      sql`select id, capacity from scheduling_claims
        where website_id = ${siteId} and staff_id = ${times.staffId} and kind = 'class' and type_id = ${type.id}
          and starts_at = ${iso(times.start)}::timestamptz and ends_at = ${iso(times.end)}::timestamptz and active
        for update`,
    );
  }
  if (!claim) throw new Rejection('SLOT_TAKEN');
  const capacity = Number(claim.capacity);
  const taken = await selectRows<{ seat_no: number }>(
    tx,
    sql`select seat_no from scheduling_bookings
      where claim_id = ${claim.id} and status <> 'cancelled' and id <> ${exceptBookingId ?? ''}`,
  );
  const used = new Set(taken.map((r) => Number(r.seat_no)));
  let seatNo = 1;
  while (used.has(seatNo)) seatNo++;
  if (seatNo > capacity) throw new Rejection('SLOT_TAKEN');
  return { claimId: claim.id, seatNo, capacity };
}
