import type { ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { addMonths, byDate, dateKey, dayText, monthText, siteMonthsFor, timeText, zoneLabel } from './times';

export type FreeSlot = ApiOutput<'GET /api/scheduling/types/:typeId/availability'>['slots'][number];

const failureText = (e: unknown) =>
  e instanceof ApiFailure && e.message && !e.offline
    ? e.message
    : 'The times could not be loaded. Check your connection and try again.';

/**
 * The free times of a type for a month, in the visitor's zone: the dates with free times as
 * buttons, then that date's times. Arrow keys move along each row (one Tab stop per row).
 */
export function SlotPicker(props: {
  typeId: string;
  zone: string;
  chosen: FreeSlot | null;
  onChoose(slot: FreeSlot | null): void;
  /** The first month shown ("YYYY-MM"), this month by default. */
  month?: string;
}) {
  const { typeId, zone } = props;
  const [month, setMonth] = useState(props.month ?? dateKey(new Date(), zone).slice(0, 7));
  const [slots, setSlots] = useState<FreeSlot[] | null>(null);
  const [error, setError] = useState('');
  const [day, setDay] = useState<string | null>(null);
  const thisMonth = dateKey(new Date(), zone).slice(0, 7);

  useEffect(() => {
    let live = true;
    setSlots(null);
    setError('');
    const ask = (m: string) =>
      api('GET /api/scheduling/types/:typeId/availability', { params: { typeId }, query: { month: m } });
    // The site's month first (it names the site's zone), then its neighbour when the zones differ.
    ask(month)
      .then(async (first) => {
        const more = siteMonthsFor(month, zone, first.timeZone).filter((m) => m !== month);
        const rest = await Promise.all(more.map(ask));
        return [first, ...rest].flatMap((answer) => answer.slots);
      })
      .then(
        (all) => {
          if (!live) return;
          // Only the times on the visitor's own dates of this month.
          const mine = all.filter((s) => dateKey(s.start, zone).slice(0, 7) === month);
          setSlots(mine);
          const days = byDate(mine, zone);
          const first = days.keys().next().value ?? null;
          setDay((current) => (current !== null && days.has(current) ? current : first));
        },
        (e) => live && setError(failureText(e)),
      );
    return () => {
      live = false;
    };
  }, [typeId, month, zone]);

  const dates = byDate(slots ?? [], zone);
  const times = day ? (dates.get(day) ?? []) : [];
  const headingId = `slots-${typeId}`;

  return (
    <div className="slot-picker" aria-busy={slots === null && !error}>
      <p className="slot-picker__zone" data-testid="visitor-zone">
        Times are shown in your time zone: <strong>{zoneLabel(zone)}</strong>
      </p>
      <div className="slot-picker__month">
        <button
          type="button"
          className="slot-picker__nav"
          disabled={month <= thisMonth}
          onClick={() => setMonth(addMonths(month, -1))}
          aria-label={`Previous month, ${monthText(addMonths(month, -1))}`}
        >
          ‹
        </button>
        <h3 id={headingId} className="slot-picker__title" aria-live="polite">
          {monthText(month)}
        </h3>
        <button
          type="button"
          className="slot-picker__nav"
          onClick={() => setMonth(addMonths(month, 1))}
          aria-label={`Next month, ${monthText(addMonths(month, 1))}`}
        >
          ›
        </button>
      </div>
      {error && (
        <p className="scheduling-error" role="alert">
          {error}
        </p>
      )}
      {slots === null && !error && <p className="slot-picker__loading">Loading free times…</p>}
      {slots && dates.size === 0 && (
        <p className="slot-picker__none">No free times in {monthText(month)}. Try the next month.</p>
      )}
      {dates.size > 0 && (
        <>
          <Row label={`Dates with free times in ${monthText(month)}`} className="slot-picker__dates">
            {[...dates.keys()].map((key) => (
              <button
                key={key}
                type="button"
                className="slot-picker__date"
                aria-pressed={key === day}
                data-date={key}
                onClick={() => {
                  setDay(key);
                  props.onChoose(null);
                }}
              >
                <span className="slot-picker__weekday">
                  {dayText(key, { weekday: 'short', day: undefined, month: undefined, year: undefined })}
                </span>{' '}
                <span className="slot-picker__daynum">{Number(key.slice(8))}</span>
                <span className="visually-hidden">
                  {' '}
                  {dayText(key, { weekday: undefined, day: undefined })}
                </span>
              </button>
            ))}
          </Row>
          {day && (
            <Row label={`Free times on ${dayText(day)}`} className="slot-picker__times">
              {times.map((slot) => (
                <button
                  key={slot.start}
                  type="button"
                  className="slot-picker__time"
                  aria-pressed={props.chosen?.start === slot.start}
                  data-start={slot.start}
                  onClick={() => props.onChoose(slot)}
                >
                  {timeText(slot.start, zone)}
                  {slot.seatsLeft > 1 && (
                    <span className="slot-picker__seats"> · {slot.seatsLeft} seats left</span>
                  )}
                </button>
              ))}
            </Row>
          )}
        </>
      )}
    </div>
  );
}

/** A labelled group of buttons: Tab enters at the pressed one, arrow keys move along. */
function Row(props: { label: string; className: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of choices, not a form fieldset
    <div
      role="group"
      aria-label={props.label}
      className={props.className}
      onKeyDown={(event) => {
        if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
        const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        if (at < 0) return;
        event.preventDefault();
        const next =
          event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowRight' ? 1 : -1)));
        buttons[next]?.focus();
      }}
    >
      {props.children}
    </div>
  );
}
