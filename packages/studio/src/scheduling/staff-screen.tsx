import type { StaffMember } from '@store/api';
import { staffBody } from '@store/api';
import { useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { serverFieldErrors } from '../data/errors';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { STAFF } from './calendar-screen';
import {
  type DayHours,
  OFFICE_HOURS,
  WEEKDAY_NAMES,
  dateLabel,
  hoursSummary,
  overlapMessage,
  weekOf,
  weeklyOf,
} from './scheduling-data';
import './scheduling.css';

const BASE = '/config/scheduling/staff';
const HOLIDAYS = 'GET /api/studio/scheduling/holidays' as const;

/** Scheduling → Staff & hours: who gives appointments, their weekly hours, exceptions, closed dates. */
export function StaffScreen({ rest }: { rest: string[] }) {
  const staff = useApiQuery(STAFF, {});
  const id = rest[0];
  if (id) {
    if (!staff.data) return <p className="loading">{staff.errorText || 'Loading…'}</p>;
    const member = staff.data.staff.find((s) => s.id === id);
    if (id !== 'new' && !member)
      return (
        <p className="alert" role="alert">
          This staff member does not exist.
        </p>
      );
    return <StaffEditor key={id} member={member ?? null} timeZone={staff.data.timeZone} />;
  }
  return (
    <div className="scheduling">
      <StaffList />
      <Holidays />
    </div>
  );
}

function StaffList() {
  const canChange = mayChange(usePermissions(), 'schedulingSetup');
  const staff = useApiQuery(STAFF, {});
  const remove = useApiMutation('DELETE /api/studio/scheduling/staff/:staffId', { invalidates: [STAFF] });
  const link = (to: string, text: string, className?: string) => (
    <a
      className={className}
      href={to}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {text}
    </a>
  );
  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      header: 'Name',
      primary: true,
      cell: (s) => link(`${BASE}/${encodeURIComponent(s.id)}`, s.name),
    },
    { key: 'hours', header: 'Weekly hours', cell: (s) => hoursSummary(s.weekly) },
    { key: 'exceptions', header: 'Exceptions', cell: (s) => String(s.exceptions.length) },
    {
      key: 'active',
      header: 'Bookable',
      cell: (s) =>
        s.active ? <span className="badge badge--live">On</span> : <span className="badge">Off</span>,
    },
  ];
  return (
    <>
      <div className="panel__head">
        <h1>Staff &amp; hours</h1>
        {canChange && link(`${BASE}/new`, 'Add staff member', 'btn btn--primary')}
      </div>
      {staff.data && (
        <p className="muted" data-testid="staff-zone">
          Hours are in the site’s time zone, {staff.data.timeZone}.
        </p>
      )}
      {remove.errorText && (
        <p className="alert" role="alert">
          {remove.errorText}
        </p>
      )}
      <DataList
        label="Staff"
        rows={staff.data?.staff ?? []}
        columns={columns}
        rowKey={(s) => s.id}
        loading={staff.isPending}
        error={staff.errorText}
        empty={<p className="muted">No staff yet.</p>}
        actions={
          canChange
            ? (s) => (
                <button
                  type="button"
                  className="btn btn--danger"
                  aria-label={`Remove ${s.name}`}
                  disabled={remove.isPending}
                  onClick={async () => {
                    const sure = await confirmModal({
                      title: 'Remove staff member',
                      message: `${s.name} is removed. Someone with bookings cannot be removed: turn them off instead.`,
                      confirmLabel: 'Remove',
                    });
                    if (sure) remove.mutate({ params: { staffId: s.id } });
                  }}
                >
                  Remove
                </button>
              )
            : undefined
        }
      />
    </>
  );
}

interface ExceptionDraft {
  date: string;
  closed: boolean;
  start: string;
  end: string;
  note: string;
}

function StaffEditor({ member, timeZone }: { member: StaffMember | null; timeZone: string }) {
  const canChange = mayChange(usePermissions(), 'schedulingSetup');
  const [name, setName] = useState(member?.name ?? '');
  const [email, setEmail] = useState(member?.email ?? '');
  const [active, setActive] = useState(member?.active ?? true);
  const [week, setWeek] = useState<DayHours[]>(member ? weekOf(member.weekly) : OFFICE_HOURS);
  const [exceptions, setExceptions] = useState<ExceptionDraft[]>(
    (member?.exceptions ?? []).map((x) => ({
      date: x.date,
      closed: x.closed,
      start: x.intervals[0]?.start ?? '09:00',
      end: x.intervals[0]?.end ?? '17:00',
      note: x.note,
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const create = useApiMutation('POST /api/studio/scheduling/staff', { invalidates: [STAFF] });
  const update = useApiMutation('PUT /api/studio/scheduling/staff/:staffId', { invalidates: [STAFF] });
  const failure = create.errorText || update.errorText;

  const setDay = (weekday: number, intervals: DayHours['intervals']) =>
    setWeek((w) => w.map((d) => (d.weekday === weekday ? { ...d, intervals } : d)));

  const save = async () => {
    setSaved('');
    const overlap = week.map(overlapMessage).find(Boolean);
    const parsed = staffBody.safeParse({
      name,
      email: email.trim() || null,
      active,
      weekly: weeklyOf(week),
      exceptions: exceptions.map((x) => ({
        date: x.date,
        closed: x.closed,
        intervals: x.closed ? [] : [{ start: x.start, end: x.end }],
        note: x.note,
      })),
    });
    if (!parsed.success || overlap) {
      const found: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues)
        found[issue.path.join('.')] ??= issue.message;
      if (overlap) found.weekly = overlap;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (member) {
        await update.mutateAsync({ params: { staffId: member.id }, body: parsed.data });
        setSaved('Saved.');
      } else {
        const answer = await create.mutateAsync({ body: parsed.data });
        navigate(`${BASE}/${encodeURIComponent(answer.id)}`, { replace: true });
      }
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  };
  const weeklyErrors = Object.entries(errors).filter(([path]) => path.startsWith('weekly'));
  const exceptionErrors = Object.entries(errors).filter(([path]) => path.startsWith('exceptions'));

  return (
    <div className="scheduling">
      <div className="panel__head">
        <a
          className="btn btn--plain"
          href={BASE}
          onClick={(e) => {
            e.preventDefault();
            navigate(BASE);
          }}
        >
          ← Staff &amp; hours
        </a>
        <h1>{member ? member.name : 'New staff member'}</h1>
      </div>
      <form
        className="scheduling__form"
        noValidate
        aria-label={member ? `Edit ${member.name}` : 'New staff member'}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="scheduling__fields" disabled={!canChange}>
          <legend className="visually-hidden">Staff member</legend>
          <div className="scheduling__grid">
            <div className="scheduling__field">
              <label htmlFor="staff-name" className="field-label">
                Name
              </label>
              <input
                id="staff-name"
                value={name}
                maxLength={120}
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? 'staff-name-error' : undefined}
                onChange={(e) => setName(e.target.value)}
              />
              {errors.name && (
                <p id="staff-name-error" className="field-error">
                  {errors.name}
                </p>
              )}
            </div>
            <div className="scheduling__field">
              <label htmlFor="staff-email" className="field-label">
                E-mail (optional, for their booking notices)
              </label>
              <input
                id="staff-email"
                type="email"
                value={email}
                aria-invalid={!!errors.email}
                aria-describedby={errors.email ? 'staff-email-error' : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
              {errors.email && (
                <p id="staff-email-error" className="field-error">
                  {errors.email}
                </p>
              )}
            </div>
          </div>
          <label className="check scheduling__active">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Can be
            booked
          </label>

          <h2>Weekly hours ({timeZone})</h2>
          <div className="weekly" data-testid="weekly-hours">
            {week.map((day) => (
              <WeekdayRow
                key={day.weekday}
                day={day}
                onChange={(intervals) => setDay(day.weekday, intervals)}
              />
            ))}
          </div>
          {weeklyErrors.map(([path, message]) => (
            <p key={path} className="field-error" role="alert">
              {message}
            </p>
          ))}

          <h2>Exceptions</h2>
          <p className="muted">Dates with other hours, or off all day (holidays, leave).</p>
          {exceptions.length > 0 && (
            <ul className="exceptions">
              {exceptions.map((x, i) => {
                const label = x.date ? dateLabel(x.date, { year: 'numeric' }) : `Exception ${i + 1}`;
                const set = (patch: Partial<ExceptionDraft>) =>
                  setExceptions((all) => all.map((y, j) => (j === i ? { ...y, ...patch } : y)));
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the date may repeat while typed
                  <li key={i} className="exceptions__row">
                    <label>
                      <span className="field-label">Date</span>
                      <input
                        type="date"
                        required
                        value={x.date}
                        onChange={(e) => set({ date: e.target.value })}
                      />
                    </label>
                    <label className="check">
                      <input
                        type="checkbox"
                        checked={x.closed}
                        onChange={(e) => set({ closed: e.target.checked })}
                      />
                      Off all day
                    </label>
                    {!x.closed && (
                      <>
                        <label>
                          <span className="field-label">From</span>
                          <input
                            type="time"
                            value={x.start}
                            onChange={(e) => set({ start: e.target.value })}
                          />
                        </label>
                        <label>
                          <span className="field-label">To</span>
                          <input type="time" value={x.end} onChange={(e) => set({ end: e.target.value })} />
                        </label>
                      </>
                    )}
                    <label className="exceptions__note">
                      <span className="field-label">Note</span>
                      <input value={x.note} maxLength={500} onChange={(e) => set({ note: e.target.value })} />
                    </label>
                    <button
                      type="button"
                      className="btn btn--plain"
                      aria-label={`Remove the exception ${label}`}
                      onClick={() => setExceptions((all) => all.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {exceptionErrors.map(([path, message]) => (
            <p key={path} className="field-error" role="alert">
              {message}
            </p>
          ))}
          <button
            type="button"
            className="btn btn--plain"
            onClick={() =>
              setExceptions((all) => [
                ...all,
                { date: '', closed: true, start: '09:00', end: '17:00', note: '' },
              ])
            }
          >
            Add an exception
          </button>
        </fieldset>
        {failure && Object.keys(errors).length === 0 && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        {canChange && (
          <div>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={create.isPending || update.isPending}
            >
              {member ? 'Save' : 'Add staff member'}
            </button>
          </div>
        )}
        {saved && (
          <p className="note" role="status">
            {saved}
          </p>
        )}
      </form>
    </div>
  );
}

/** One weekday: its ranges (none: closed), each with From and To, and Add / Remove. */
function WeekdayRow({ day, onChange }: { day: DayHours; onChange(intervals: DayHours['intervals']): void }) {
  const name = WEEKDAY_NAMES[day.weekday - 1] ?? '';
  const open = day.intervals.length > 0;
  return (
    <fieldset className="weekly__day" data-weekday={day.weekday}>
      <legend className="weekly__name">{name}</legend>
      <label className="check weekly__open">
        <input
          type="checkbox"
          checked={open}
          onChange={(e) => onChange(e.target.checked ? [{ start: '09:00', end: '17:00' }] : [])}
        />
        Open
      </label>
      <div className="weekly__ranges">
        {!open && <span className="muted">Closed</span>}
        {day.intervals.map((range, i) => {
          const set = (patch: Partial<typeof range>) =>
            onChange(day.intervals.map((r, j) => (j === i ? { ...r, ...patch } : r)));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day's ranges are edited in place
            <div key={i} className="weekly__range">
              <label>
                <span className="visually-hidden">
                  {name} range {i + 1} from
                </span>
                <input type="time" value={range.start} onChange={(e) => set({ start: e.target.value })} />
              </label>
              <span aria-hidden="true">–</span>
              <label>
                <span className="visually-hidden">
                  {name} range {i + 1} to
                </span>
                <input type="time" value={range.end} onChange={(e) => set({ end: e.target.value })} />
              </label>
              <button
                type="button"
                className="btn btn--plain"
                aria-label={`Remove ${name} range ${i + 1}`}
                title="Remove range"
                onClick={() => onChange(day.intervals.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
          );
        })}
        {open && (
          <button
            type="button"
            className="btn btn--plain weekly__add"
            aria-label={`Add a range on ${name}`}
            onClick={() => {
              const start = day.intervals[day.intervals.length - 1]?.end ?? '09:00';
              const hour = Math.min(24, Number(start.slice(0, 2)) + 1);
              const end = hour === 24 ? '24:00' : `${String(hour).padStart(2, '0')}${start.slice(2)}`;
              onChange([...day.intervals, { start, end }]);
            }}
          >
            + Range
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** Dates closed for everyone (public holidays). */
function Holidays() {
  const canChange = mayChange(usePermissions(), 'schedulingSetup');
  const list = useApiQuery(HOLIDAYS, {});
  const add = useApiMutation('POST /api/studio/scheduling/holidays', { invalidates: [HOLIDAYS] });
  const remove = useApiMutation('DELETE /api/studio/scheduling/holidays/:holidayId', {
    invalidates: [HOLIDAYS],
  });
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const rows = [...(list.data?.holidays ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <section aria-labelledby="holidays-title" className="holidays">
      <h2 id="holidays-title">Closed dates (everyone)</h2>
      {canChange && (
        <form
          className="holidays__add"
          onSubmit={async (e) => {
            e.preventDefault();
            await add.mutateAsync({ body: { date, name } }).then(
              () => {
                setDate('');
                setName('');
              },
              () => undefined,
            );
          }}
        >
          <label>
            <span className="field-label">Date</span>
            <input type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label>
            <span className="field-label">Name (optional)</span>
            <input
              value={name}
              maxLength={120}
              placeholder="New Year’s Day"
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--primary" disabled={add.isPending || !date}>
            Close this date
          </button>
        </form>
      )}
      {(add.errorText || remove.errorText) && (
        <p className="alert" role="alert">
          {add.errorText || remove.errorText}
        </p>
      )}
      <DataList
        label="Closed dates"
        rows={rows}
        columns={[
          { key: 'date', header: 'Date', primary: true, cell: (h) => dateLabel(h.date, { year: 'numeric' }) },
          { key: 'name', header: 'Name', cell: (h) => h.name || '–' },
        ]}
        rowKey={(h) => h.id}
        loading={list.isPending}
        error={list.errorText}
        empty={<p className="muted">No closed dates.</p>}
        actions={
          canChange
            ? (h) => (
                <button
                  type="button"
                  className="btn btn--plain"
                  aria-label={`Open ${dateLabel(h.date, { year: 'numeric' })} again`}
                  onClick={() => remove.mutate({ params: { holidayId: h.id } })}
                >
                  Open again
                </button>
              )
            : undefined
        }
      />
    </section>
  );
}
