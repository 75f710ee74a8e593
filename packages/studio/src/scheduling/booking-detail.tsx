import type { Booking } from '@store/api';
import { useState } from 'react';
import { money } from '../commerce/orders-api';
import { confirmModal } from '../components/dialogs';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { navigate, paths } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { BOOKINGS, STAFF } from './calendar-screen';
import {
  bookingActions,
  bookingStatusLabels,
  timeRange,
  whenLabel,
  zonedDate,
  zonedTime,
  zonedToInstant,
} from './scheduling-data';

const ONE = 'GET /api/studio/scheduling/bookings/:bookingId' as const;

/** One booking: who, when (site time and the customer's), its answers; move, cancel, no-show. */
export function BookingDetail({ bookingId }: { bookingId: string }) {
  const canChange = mayChange(usePermissions(), 'scheduling');
  const read = useApiQuery(ONE, { params: { bookingId } }, { staleTime: 0 });
  const staff = useApiQuery(STAFF, {});
  const timeZone = staff.data?.timeZone;
  const invalidates = [ONE, BOOKINGS] as const;
  const cancel = useApiMutation('POST /api/studio/scheduling/bookings/:bookingId/cancel', { invalidates });
  const noShow = useApiMutation('POST /api/studio/scheduling/bookings/:bookingId/no-show', { invalidates });
  const b = read.data;
  const actions = b ? bookingActions(b) : null;
  const failure = read.errorText || cancel.errorText || noShow.errorText;

  return (
    <div className="scheduling booking-detail">
      <div className="panel__head">
        <a
          className="btn btn--plain"
          href="/config/scheduling/calendar"
          onClick={(e) => {
            e.preventDefault();
            navigate('/config/scheduling/calendar');
          }}
        >
          ← Calendar
        </a>
        <h1>{b ? `${b.typeName} with ${b.customerName}` : 'Booking'}</h1>
      </div>
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      {b && timeZone && (
        <>
          <dl className="booking-detail__facts" data-testid="booking-detail">
            <dt>Status</dt>
            <dd>
              <span className={`badge booking-status booking-status--${b.status}`}>
                {bookingStatusLabels[b.status]}
              </span>
            </dd>
            <dt>When</dt>
            <dd>
              {whenLabel(b.start, timeZone)}–{zonedTime(b.end, timeZone)} ({timeZone})
              {b.customerTimeZone && b.customerTimeZone !== timeZone && (
                <span className="muted booking-detail__theirs">
                  {' '}
                  · the customer’s time: {whenLabel(b.start, b.customerTimeZone)} ({b.customerTimeZone})
                </span>
              )}
            </dd>
            <dt>Staff</dt>
            <dd>{b.staffName}</dd>
            <dt>Customer</dt>
            <dd>
              {b.customerName} · <a href={`mailto:${b.customerEmail}`}>{b.customerEmail}</a>
            </dd>
            <dt>Price</dt>
            <dd>{b.priceMinor > 0 ? money(b.priceMinor, b.currency) : 'Free'}</dd>
            {(b.location || b.videoUrl) && (
              <>
                <dt>Where</dt>
                <dd>
                  {b.location}
                  {b.location && b.videoUrl ? ' · ' : ''}
                  {b.videoUrl && (
                    <a href={b.videoUrl} target="_blank" rel="noreferrer">
                      Video link
                    </a>
                  )}
                </dd>
              </>
            )}
            {b.seatNo !== null && (
              <>
                <dt>Seat</dt>
                <dd>{b.seatNo}</dd>
              </>
            )}
            {b.status === 'pending_payment' && b.holdExpiresAt && (
              <>
                <dt>Held until</dt>
                <dd>{whenLabel(b.holdExpiresAt, timeZone)}</dd>
              </>
            )}
            {Object.entries(b.intakeAnswers).map(([question, answer]) => (
              <IntakeAnswer key={question} question={question} answer={answer} />
            ))}
          </dl>
          {b.orderId && (
            <p>
              Paid with an order.{' '}
              <a
                href={`${paths.commerce('orders')}/${encodeURIComponent(b.orderId)}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`${paths.commerce('orders')}/${encodeURIComponent(b.orderId ?? '')}`);
                }}
              >
                Open the order{canChange && b.status === 'cancelled' ? ' to refund it' : ''}
              </a>
            </p>
          )}
          {canChange && actions && (actions.reschedule || actions.cancel || actions.noShow) && (
            <div className="booking-detail__actions">
              {actions.reschedule && <Reschedule booking={b} timeZone={timeZone} />}
              <div className="booking-detail__buttons">
                {actions.noShow && (
                  <button
                    type="button"
                    className="btn btn--plain"
                    disabled={noShow.isPending}
                    onClick={async () => {
                      const sure = await confirmModal({
                        title: 'Mark as no-show',
                        message: `${b.customerName} did not come to ${b.typeName} on ${whenLabel(b.start, timeZone)}.`,
                        confirmLabel: 'Mark no-show',
                      });
                      if (sure) noShow.mutate({ params: { bookingId } });
                    }}
                  >
                    Mark no-show
                  </button>
                )}
                {actions.cancel && (
                  <button
                    type="button"
                    className="btn btn--danger"
                    disabled={cancel.isPending}
                    onClick={async () => {
                      const sure = await confirmModal({
                        title: 'Cancel booking',
                        message: `${b.typeName} with ${b.customerName} on ${whenLabel(b.start, timeZone)} is cancelled and its time is free again.${b.orderId ? ' Refund its payment from the order afterwards.' : ''}`,
                        confirmLabel: 'Cancel booking',
                      });
                      if (sure) cancel.mutate({ params: { bookingId } });
                    }}
                  >
                    Cancel booking
                  </button>
                )}
              </div>
            </div>
          )}
        </>
      )}
      {read.isPending && <p className="loading">Loading…</p>}
    </div>
  );
}

function IntakeAnswer({ question, answer }: { question: string; answer: unknown }) {
  const text = Array.isArray(answer)
    ? answer.join(', ')
    : typeof answer === 'boolean'
      ? answer
        ? 'Yes'
        : 'No'
      : String(answer ?? '');
  return (
    <>
      <dt>{question}</dt>
      <dd>{text || '–'}</dd>
    </>
  );
}

/** Move to another date and time of the site's clock (and staff member); 409 when taken. */
function Reschedule({ booking, timeZone }: { booking: Booking; timeZone: string }) {
  const staff = useApiQuery(STAFF, {});
  const [date, setDate] = useState(zonedDate(booking.start, timeZone));
  const [time, setTime] = useState(zonedTime(booking.start, timeZone));
  const [staffId, setStaffId] = useState(booking.staffId);
  const [done, setDone] = useState('');
  const move = useApiMutation('POST /api/studio/scheduling/bookings/:bookingId/reschedule', {
    invalidates: [ONE, BOOKINGS],
  });
  return (
    <form
      className="scheduling__box"
      aria-labelledby="reschedule-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setDone('');
        const start = zonedToInstant(date, time, timeZone).toISOString();
        await move
          .mutateAsync({
            params: { bookingId: booking.id },
            body: staffId === booking.staffId ? { start } : { start, staffId },
          })
          .then(
            (moved) =>
              setDone(
                `Moved to ${whenLabel(moved.start, timeZone)} (${timeRange(moved.start, moved.end, timeZone)}).`,
              ),
            () => undefined,
          );
      }}
    >
      <h2 id="reschedule-title">Reschedule</h2>
      <div className="scheduling__grid">
        <label>
          <span className="field-label">New date</span>
          <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label>
          <span className="field-label">New time ({timeZone})</span>
          <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <label>
          <span className="field-label">Staff</span>
          <select value={staffId} onChange={(e) => setStaffId(e.target.value)}>
            {(staff.data?.staff ?? [{ id: booking.staffId, name: booking.staffName }]).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {move.errorText && (
        <p className="alert" role="alert">
          {move.errorText}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={move.isPending}>
        Move booking
      </button>
      {done && (
        <p className="note" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
