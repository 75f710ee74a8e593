import type { PublicBooking } from '@store/api';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { failureText } from './booking-widget';
import { type FreeSlot, SlotPicker } from './slot-picker';
import { dateKey, priceText, timeText, visitorZone, whenText, zoneLabel } from './times';

const STATUS: Record<PublicBooking['status'], string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  no_show: 'Missed',
  completed: 'Completed',
};

/** The booking's token: the last part of /scheduling/manage/<token>. */
export function tokenOfPath(path: string): string {
  const match = /^\/scheduling\/manage\/([^/?#]+)/.exec(path);
  return match ? decodeURIComponent(match[1] ?? '') : '';
}

/** Island 'scheduling-manage': one's booking by its signed link; reschedule or cancel it. */
export function ManageBooking({ token }: { token: string }) {
  const zone = visitorZone();
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [error, setError] = useState('');
  const [moving, setMoving] = useState(false);
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);

  useEffect(() => {
    if (!token) return setError('This booking link is not valid.');
    api('GET /api/scheduling/manage/:token', { params: { token } }).then(setBooking, (e) =>
      setError(failureText(e)),
    );
  }, [token]);

  const act = async (run: () => Promise<PublicBooking>, message: (b: PublicBooking) => string) => {
    setBusy(true);
    setError('');
    setSaid('');
    try {
      const answer = await run();
      setBooking(answer);
      setSaid(message(answer));
      setMoving(false);
      setSlot(null);
      setConfirmCancel(false);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="scheduling-widget scheduling-manage" data-testid="scheduling-manage">
      {said && (
        <p className="scheduling-said" role="status" data-testid="scheduling-said">
          {said}
        </p>
      )}
      {error && (
        <p className="scheduling-error" role="alert" data-testid="scheduling-error">
          {error}
        </p>
      )}
      {!booking && !error && <p className="scheduling-loading">Loading your booking…</p>}
      {booking && (
        <>
          <dl className="scheduling-facts">
            <dt>Appointment</dt>
            <dd>
              {booking.typeName} with {booking.staffName}
            </dd>
            <dt>When</dt>
            <dd data-testid="manage-when">
              {whenText(booking.start, zone)}–{timeText(booking.end, zone)} (
              {zoneLabel(zone, new Date(booking.start))})
            </dd>
            <dt>Status</dt>
            <dd>{STATUS[booking.status]}</dd>
            {booking.location && (
              <>
                <dt>Where</dt>
                <dd>{booking.location}</dd>
              </>
            )}
          </dl>
          {booking.status === 'pending_payment' && (
            <p>
              <button
                type="button"
                className="button"
                disabled={busy}
                data-testid="manage-pay"
                onClick={async () => {
                  setBusy(true);
                  setError('');
                  try {
                    const line = await api('POST /api/scheduling/manage/:token/pay', { params: { token } });
                    location.assign(line.checkoutPath);
                  } catch (e) {
                    setError(failureText(e));
                    setBusy(false);
                  }
                }}
              >
                Pay {priceText(booking.priceMinor, booking.currency)} to confirm
              </button>
            </p>
          )}
          {booking.canChange ? (
            <div className="scheduling-manage__actions">
              {!moving && (
                <button type="button" className="button" onClick={() => setMoving(true)}>
                  Reschedule
                </button>
              )}
              {!confirmCancel ? (
                <button
                  type="button"
                  className="button scheduling-secondary"
                  onClick={() => setConfirmCancel(true)}
                >
                  Cancel booking
                </button>
              ) : (
                <div className="scheduling-confirm">
                  <p>Cancel this booking? Its time is given to someone else.</p>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() =>
                      act(
                        () => api('POST /api/scheduling/manage/:token/cancel', { params: { token } }),
                        () => 'Your booking is cancelled. A confirmation is on its way by e-mail.',
                      )
                    }
                  >
                    Yes, cancel it
                  </button>
                  <button
                    type="button"
                    className="button scheduling-secondary"
                    onClick={() => setConfirmCancel(false)}
                  >
                    Keep it
                  </button>
                </div>
              )}
            </div>
          ) : (
            booking.status !== 'cancelled' && (
              <p>This booking can no longer be changed online. Please contact us.</p>
            )
          )}
          {moving && booking.canChange && (
            <section className="scheduling-when" aria-labelledby="manage-move-title">
              <h3 id="manage-move-title" className="scheduling-step">
                Choose a new time
              </h3>
              <SlotPicker
                typeId={booking.typeId}
                zone={zone}
                chosen={slot}
                onChoose={setSlot}
                month={dateKey(booking.start, zone).slice(0, 7)}
              />
              {slot && (
                <div className="scheduling-form">
                  <p className="scheduling-summary">
                    Move to {whenText(slot.start, zone)} ({zoneLabel(zone, new Date(slot.start))})?
                  </p>
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() =>
                      act(
                        () =>
                          api('POST /api/scheduling/manage/:token/reschedule', {
                            params: { token },
                            body: { start: slot.start },
                          }),
                        (b) =>
                          `Moved to ${whenText(b.start, zone)}. A new invitation is on its way by e-mail.`,
                      )
                    }
                  >
                    Move my booking
                  </button>
                  <button
                    type="button"
                    className="button scheduling-secondary"
                    onClick={() => setMoving(false)}
                  >
                    Keep the current time
                  </button>
                </div>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
