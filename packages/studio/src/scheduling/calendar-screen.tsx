import type { Booking, TimeBlock } from '@store/api';
import { useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { FilterSelect, ListToolbar } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { BookingDetail } from './booking-detail';
import {
  type CalendarView,
  addDays,
  bookingStatusLabels,
  dateLabel,
  onDate,
  timeRange,
  viewDates,
  viewRange,
  zonedDate,
  zonedToInstant,
} from './scheduling-data';
import './scheduling.css';

export const BOOKINGS = 'GET /api/studio/scheduling/bookings' as const;
export const STAFF = 'GET /api/studio/scheduling/staff' as const;
export const TYPES = 'GET /api/studio/scheduling/types' as const;

/** Scheduling → Calendar: the bookings and blocks of a day or a week, in the site's time zone. */
export function CalendarScreen({ rest }: { rest: string[] }) {
  if (rest[0] === 'booking' && rest[1]) return <BookingDetail bookingId={rest[1]} />;
  return <Calendar />;
}

function Calendar() {
  const canChange = mayChange(usePermissions(), 'scheduling');
  const staff = useApiQuery(STAFF, {});
  const timeZone = staff.data?.timeZone;
  const [view, setView] = useState<CalendarView>(() =>
    typeof matchMedia === 'function' && matchMedia('(max-width: 640px)').matches ? 'day' : 'week',
  );
  const [date, setDate] = useState<string | null>(null);
  const [staffId, setStaffId] = useState('');
  const today = timeZone ? zonedDate(new Date(), timeZone) : '';
  const shown = date ?? today;
  const dates = shown ? viewDates(shown, view) : [];
  const range = timeZone && shown ? viewRange(dates, timeZone) : null;
  const list = useApiQuery(
    BOOKINGS,
    { query: { from: range?.from ?? '', to: range?.to ?? '', staffId: staffId || undefined } },
    { enabled: !!range, keepPrevious: true, staleTime: 0 },
  );
  const removeBlock = useApiMutation('DELETE /api/studio/scheduling/blocks/:blockId', {
    invalidates: [BOOKINGS],
  });
  const staffName = (id: string) => staff.data?.staff.find((s) => s.id === id)?.name ?? '';
  const step = view === 'day' ? 1 : 7;
  const title =
    dates.length === 0
      ? ''
      : view === 'day'
        ? dateLabel(shown, { weekday: 'long', month: 'long', year: 'numeric' })
        : `${dateLabel(dates[0] ?? '', { weekday: undefined })} – ${dateLabel(dates[6] ?? '', { weekday: undefined, year: 'numeric' })}`;

  return (
    <div className="scheduling">
      <div className="panel__head">
        <h1>Calendar</h1>
      </div>
      {staff.errorText && (
        <p className="alert" role="alert">
          {staff.errorText}
        </p>
      )}
      {timeZone && (
        <>
          <ListToolbar label="Calendar view">
            <fieldset className="segmented">
              <legend className="visually-hidden">Show</legend>
              {(['day', 'week'] as const).map((v) => (
                <label key={v} className={`segmented__item${view === v ? ' segmented__item--on' : ''}`}>
                  <input
                    type="radio"
                    name="calendar-view"
                    value={v}
                    checked={view === v}
                    onChange={() => setView(v)}
                  />
                  {v === 'day' ? 'Day' : 'Week'}
                </label>
              ))}
            </fieldset>
            <div className="calendar__nav">
              <button
                type="button"
                className="btn btn--plain"
                aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
                title={view === 'day' ? 'Previous day' : 'Previous week'}
                onClick={() => setDate(addDays(shown, -step))}
              >
                ←
              </button>
              <button type="button" className="btn btn--plain" onClick={() => setDate(today)}>
                Today
              </button>
              <button
                type="button"
                className="btn btn--plain"
                aria-label={view === 'day' ? 'Next day' : 'Next week'}
                title={view === 'day' ? 'Next day' : 'Next week'}
                onClick={() => setDate(addDays(shown, step))}
              >
                →
              </button>
              <label className="calendar__date">
                <span className="visually-hidden">Go to date</span>
                <input
                  type="date"
                  value={shown}
                  onChange={(e) => e.target.value && setDate(e.target.value)}
                />
              </label>
            </div>
            <FilterSelect
              label="Staff"
              hideLabel
              value={staffId}
              allLabel="All staff"
              options={(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))}
              onChange={setStaffId}
            />
          </ListToolbar>
          <h2 className="calendar__title" aria-live="polite">
            {title}
          </h2>
          <p className="muted calendar__zone" data-testid="calendar-zone">
            Times in {timeZone} (the site’s time zone).
          </p>
          {list.errorText && (
            <p className="alert" role="alert">
              {list.errorText}
            </p>
          )}
          {removeBlock.errorText && (
            <p className="alert" role="alert">
              {removeBlock.errorText}
            </p>
          )}
          <div
            className={`calendar calendar--${view}`}
            aria-busy={list.isFetching}
            data-testid="scheduling-calendar"
          >
            {dates.map((d) => (
              <CalendarDay
                key={d}
                date={d}
                today={d === today}
                timeZone={timeZone}
                bookings={onDate(list.data?.bookings ?? [], d, timeZone)}
                blocks={onDate(list.data?.blocks ?? [], d, timeZone)}
                staffName={staffName}
                onRemoveBlock={
                  canChange
                    ? async (b) => {
                        const sure = await confirmModal({
                          title: 'Remove block',
                          message: `${timeRange(b.start, b.end, timeZone)} becomes bookable again.`,
                          confirmLabel: 'Remove',
                        });
                        if (sure) removeBlock.mutate({ params: { blockId: b.id } });
                      }
                    : undefined
                }
              />
            ))}
          </div>
          {list.isPending && <p className="loading">Loading…</p>}
          {canChange && (staff.data?.staff.length ?? 0) > 0 && (
            // A new day or week on screen: the form starts on its first date.
            <BlockTimeForm key={shown} timeZone={timeZone} date={shown} staff={staff.data?.staff ?? []} />
          )}
          {staff.data?.staff.length === 0 && (
            <p className="muted">
              No staff yet: add someone under Staff &amp; hours, then an appointment type they give.
            </p>
          )}
        </>
      )}
      {staff.isPending && <p className="loading">Loading…</p>}
    </div>
  );
}

function CalendarDay(props: {
  date: string;
  today: boolean;
  timeZone: string;
  bookings: Booking[];
  blocks: TimeBlock[];
  staffName(id: string): string;
  onRemoveBlock?: (block: TimeBlock) => void;
}) {
  const { date, timeZone } = props;
  const headingId = `calendar-day-${date}`;
  const empty = props.bookings.length === 0 && props.blocks.length === 0;
  return (
    <section
      className={`calendar__day${props.today ? ' calendar__day--today' : ''}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="calendar__day-head">
        {dateLabel(date)}
        {props.today && <span className="visually-hidden"> (today)</span>}
      </h3>
      {empty && <p className="muted calendar__free">Nothing booked</p>}
      <ul className="calendar__entries">
        {props.bookings.map((b) => (
          <li key={b.id}>
            <a
              href={`/config/scheduling/calendar/booking/${encodeURIComponent(b.id)}`}
              className={`calendar__booking calendar__booking--${b.status}`}
              data-testid="calendar-booking"
              onClick={(e) => {
                e.preventDefault();
                navigate(`/config/scheduling/calendar/booking/${encodeURIComponent(b.id)}`);
              }}
            >
              <span className="calendar__time">{timeRange(b.start, b.end, timeZone)}</span>
              <span className="calendar__what">{b.typeName}</span>
              <span className="calendar__who">
                {b.customerName} · {b.staffName}
              </span>
              {b.status !== 'confirmed' && (
                <span className="badge calendar__status">{bookingStatusLabels[b.status]}</span>
              )}
            </a>
          </li>
        ))}
        {props.blocks.map((b) => (
          <li key={b.id} className="calendar__block" data-testid="calendar-block">
            <span className="calendar__time">{timeRange(b.start, b.end, timeZone)}</span>
            <span className="calendar__what">Blocked{b.note ? `: ${b.note}` : ''}</span>
            <span className="calendar__who">{props.staffName(b.staffId)}</span>
            {props.onRemoveBlock && (
              <button
                type="button"
                className="btn btn--plain calendar__remove"
                onClick={() => props.onRemoveBlock?.(b)}
                aria-label={`Remove the block ${timeRange(b.start, b.end, timeZone)} on ${dateLabel(date)}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Block a staff member's time by hand: a date and a range of the site's wall clock. */
function BlockTimeForm(props: { timeZone: string; date: string; staff: { id: string; name: string }[] }) {
  const [staffId, setStaffId] = useState(props.staff[0]?.id ?? '');
  const [date, setDate] = useState(props.date);
  const [start, setStart] = useState('12:00');
  const [end, setEnd] = useState('13:00');
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const block = useApiMutation('POST /api/studio/scheduling/blocks', { invalidates: [BOOKINGS] });
  return (
    <form
      className="scheduling__box block-time"
      aria-labelledby="block-time-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setDone('');
        const body = {
          staffId,
          start: zonedToInstant(date, start, props.timeZone).toISOString(),
          end: zonedToInstant(date, end, props.timeZone).toISOString(),
          note,
        };
        await block.mutateAsync({ body }).then(
          () => {
            setDone(`Blocked ${start}–${end} on ${dateLabel(date)}.`);
            setNote('');
          },
          () => undefined,
        );
      }}
    >
      <h2 id="block-time-title">Block a time</h2>
      <div className="scheduling__grid">
        <label>
          <span className="field-label">Staff</span>
          <select value={staffId} onChange={(e) => setStaffId(e.target.value)}>
            {props.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field-label">Date</span>
          <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
        <label>
          <span className="field-label">From</span>
          <input type="time" required value={start} onChange={(e) => setStart(e.target.value)} />
        </label>
        <label>
          <span className="field-label">To</span>
          <input type="time" required value={end} onChange={(e) => setEnd(e.target.value)} />
        </label>
        <label className="scheduling__wide">
          <span className="field-label">Note (optional)</span>
          <input value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      {block.errorText && (
        <p className="alert" role="alert">
          {block.errorText}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={block.isPending || !staffId}>
        Block this time
      </button>
      {done && (
        <p className="note" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
