import type { AppointmentType } from '@store/api';
import { useState } from 'react';
import { money } from '../commerce/orders-api';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { useApiForm } from '../data/use-api-form';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { STAFF, TYPES } from './calendar-screen';
import { type TypeDraft, durationLabel, emptyTypeDraft, typeDraftOf, typeSchema } from './scheduling-data';
import './scheduling.css';

const BASE = '/config/scheduling/types';
const go = (to: string) => navigate(to);

/** Scheduling → Appointment types: the list, and one type's editor (`new` or its id). */
export function TypesScreen({ rest }: { rest: string[] }) {
  const types = useApiQuery(TYPES, {});
  const id = rest[0];
  if (id) {
    if (!types.data) return <p className="loading">{types.errorText || 'Loading…'}</p>;
    const type = types.data.types.find((t) => t.id === id);
    if (id !== 'new' && !type)
      return (
        <p className="alert" role="alert">
          This appointment type does not exist.
        </p>
      );
    return (
      <TypeEditor
        key={id}
        type={type ?? null}
        currency={types.data.currency}
        timeZone={types.data.timeZone}
      />
    );
  }
  return <TypeList />;
}

function TypeList() {
  const canChange = mayChange(usePermissions(), 'schedulingSetup');
  const types = useApiQuery(TYPES, {});
  const staff = useApiQuery(STAFF, {});
  const remove = useApiMutation('DELETE /api/studio/scheduling/types/:typeId', { invalidates: [TYPES] });
  const staffNames = (ids: string[]) =>
    ids
      .map((id) => staff.data?.staff.find((s) => s.id === id)?.name)
      .filter(Boolean)
      .join(', ') || '–';
  const columns: Column<AppointmentType>[] = [
    {
      key: 'name',
      header: 'Name',
      primary: true,
      cell: (t) => (
        <a
          href={`${BASE}/${encodeURIComponent(t.id)}`}
          onClick={(e) => {
            e.preventDefault();
            go(`${BASE}/${encodeURIComponent(t.id)}`);
          }}
        >
          {t.name}
        </a>
      ),
    },
    { key: 'duration', header: 'Length', cell: (t) => durationLabel(t.durationMinutes) },
    {
      key: 'price',
      header: 'Price',
      align: 'end',
      cell: (t) => (t.priceMinor > 0 ? money(t.priceMinor, t.currency) : 'Free'),
    },
    {
      key: 'capacity',
      header: 'Seats',
      cell: (t) => (t.capacity > 1 ? `Class of ${t.capacity}` : 'One person'),
    },
    { key: 'staff', header: 'Staff', cell: (t) => staffNames(t.staffIds) },
    {
      key: 'active',
      header: 'Bookable',
      cell: (t) =>
        t.active ? <span className="badge badge--live">On</span> : <span className="badge">Off</span>,
    },
  ];
  return (
    <div className="scheduling">
      <div className="panel__head">
        <h1>Appointment types</h1>
        {canChange && (
          <a
            className="btn btn--primary"
            href={`${BASE}/new`}
            onClick={(e) => {
              e.preventDefault();
              go(`${BASE}/new`);
            }}
          >
            New appointment type
          </a>
        )}
      </div>
      {remove.errorText && (
        <p className="alert" role="alert">
          {remove.errorText}
        </p>
      )}
      <DataList
        label="Appointment types"
        rows={types.data?.types ?? []}
        columns={columns}
        rowKey={(t) => t.id}
        loading={types.isPending}
        error={types.errorText}
        empty={<p className="muted">No appointment types yet.</p>}
        actions={
          canChange
            ? (t) => (
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={remove.isPending}
                  aria-label={`Delete ${t.name}`}
                  onClick={async () => {
                    const sure = await confirmModal({
                      title: 'Delete appointment type',
                      message: `${t.name} is deleted. A type with bookings cannot be deleted: turn it off instead.`,
                      confirmLabel: 'Delete',
                    });
                    if (sure) remove.mutate({ params: { typeId: t.id } });
                  }}
                >
                  Delete
                </button>
              )
            : undefined
        }
      />
    </div>
  );
}

type Field = Exclude<keyof TypeDraft, 'paid' | 'active' | 'staffIds'>;

/** The API path each draft field's errors come back on. */
const API_PATH: Partial<Record<Field, string>> = {
  price: 'priceMinor',
  minimumNoticeHours: 'minimumNoticeMinutes',
  changeNoticeHours: 'changeNoticeMinutes',
};

function TypeEditor({
  type,
  currency,
  timeZone,
}: {
  type: AppointmentType | null;
  currency: string;
  timeZone: string;
}) {
  const canChange = mayChange(usePermissions(), 'schedulingSetup');
  const staff = useApiQuery(STAFF, {});
  const catalog = useApiQuery('GET /api/studio/catalog', {});
  const defaults = type ? typeDraftOf(type) : emptyTypeDraft;
  const form = useApiForm(typeSchema(currency), defaults, {
    errorPaths: ['priceMinor', 'minimumNoticeMinutes', 'changeNoticeMinutes', 'slotStepMinutes', 'currency'],
  });
  const [saved, setSaved] = useState('');
  const create = useApiMutation('POST /api/studio/scheduling/types', { invalidates: [TYPES] });
  const update = useApiMutation('PUT /api/studio/scheduling/types/:typeId', { invalidates: [TYPES] });
  const paid = form.watch('paid');
  const chosenStaff = form.watch('staffIds') ?? [];

  const input = (name: Field, label: string, extra: Record<string, unknown> = {}, hint?: string) => {
    const id = `type-${name}`;
    const error = form.errorOf(API_PATH[name] ?? name);
    return (
      <div className="scheduling__field">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          aria-invalid={!!error}
          aria-describedby={
            [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
          }
          {...extra}
          {...form.register(name)}
        />
        {hint && (
          <p id={`${id}-hint`} className="muted scheduling__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const number = { inputMode: 'numeric' as const };

  return (
    <div className="scheduling">
      <div className="panel__head">
        <a
          className="btn btn--plain"
          href={BASE}
          onClick={(e) => {
            e.preventDefault();
            go(BASE);
          }}
        >
          ← Appointment types
        </a>
        <h1>{type ? type.name : 'New appointment type'}</h1>
      </div>
      <form
        className="scheduling__form"
        noValidate
        aria-label={type ? `Edit ${type.name}` : 'New appointment type'}
        onSubmit={form.submitWith(async (body) => {
          setSaved('');
          if (type) {
            const answer = await update.mutateAsync({ params: { typeId: type.id }, body });
            form.reset(typeDraftOf(answer));
            setSaved('Saved.');
          } else {
            const answer = await create.mutateAsync({ body });
            navigate(`${BASE}/${encodeURIComponent(answer.id)}`, { replace: true });
          }
        })}
      >
        <fieldset className="scheduling__fields" disabled={!canChange}>
          <legend className="visually-hidden">Appointment type</legend>
          <div className="scheduling__grid">
            <div className="scheduling__wide">{input('name', 'Name', { maxLength: 120 })}</div>
            <div className="scheduling__field scheduling__wide">
              <label htmlFor="type-description" className="field-label">
                Description (optional)
              </label>
              <textarea id="type-description" rows={3} {...form.register('description')} />
            </div>
            {input('durationMinutes', 'Length (minutes)', number)}
            <fieldset className="scheduling__field scheduling__price-set">
              <legend className="field-label">Price</legend>
              <div className="scheduling__price">
                <label className="check">
                  <input
                    type="radio"
                    name="type-paid"
                    checked={!paid}
                    onChange={() => form.setValue('paid', false, { shouldDirty: true })}
                  />
                  Free
                </label>
                <label className="check">
                  <input
                    type="radio"
                    name="type-paid"
                    checked={paid}
                    onChange={() => form.setValue('paid', true, { shouldDirty: true })}
                  />
                  Paid
                </label>
              </div>
            </fieldset>
            {paid &&
              input(
                'price',
                `Price (${currency})`,
                { inputMode: 'decimal', placeholder: '45.00' },
                'Paid at checkout when booking.',
              )}
            {input('bufferBeforeMinutes', 'Buffer before (minutes)', number)}
            {input('bufferAfterMinutes', 'Buffer after (minutes)', number)}
            {input('capacity', 'Seats (1 for a private appointment, more for a class)', number)}
            {input('location', 'Location (optional)', {
              maxLength: 500,
              placeholder: 'An address, or “By phone”',
            })}
            {input(
              'videoUrl',
              'Video link (optional)',
              { type: 'url', placeholder: 'https://' },
              'Sent with the confirmation, never shown on the site.',
            )}
            <div className="scheduling__field">
              <label htmlFor="type-intake" className="field-label">
                Intake form
              </label>
              <select id="type-intake" {...form.register('intakeFormId')}>
                <option value="">None</option>
                {(catalog.data?.forms ?? []).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </div>
            {input(
              'minimumNoticeHours',
              'Minimum notice (hours)',
              { inputMode: 'decimal' },
              'How soon before it starts a time can still be booked.',
            )}
            {input('horizonDays', 'Book up to (days ahead)', number)}
            {input(
              'changeNoticeHours',
              'Changes online until (hours before)',
              { inputMode: 'decimal' },
              'Visitors reschedule or cancel through their link until then.',
            )}
          </div>
          <fieldset className="scheduling__staff">
            <legend className="field-label">Given by</legend>
            {(staff.data?.staff ?? []).length === 0 && (
              <p className="muted">No staff yet: add someone under Staff &amp; hours.</p>
            )}
            {(staff.data?.staff ?? []).map((s) => (
              <label key={s.id} className="check">
                <input
                  type="checkbox"
                  checked={chosenStaff.includes(s.id)}
                  onChange={(e) =>
                    form.setValue(
                      'staffIds',
                      e.target.checked ? [...chosenStaff, s.id] : chosenStaff.filter((x) => x !== s.id),
                      { shouldDirty: true },
                    )
                  }
                />
                {s.name}
              </label>
            ))}
            {form.errorOf('staffIds') && <p className="field-error">{form.errorOf('staffIds')}</p>}
          </fieldset>
          <label className="check scheduling__active">
            <input type="checkbox" {...form.register('active')} /> Visitors can book it
          </label>
          <p className="muted">
            Times are offered in the site’s time zone ({timeZone}); visitors see them in their own.
          </p>
        </fieldset>
        {form.formMessage && (
          <p className="alert" role="alert">
            {form.formMessage}
          </p>
        )}
        {canChange && (
          <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
            {type ? 'Save' : 'Create appointment type'}
          </button>
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
