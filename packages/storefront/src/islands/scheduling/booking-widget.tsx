import type { ApiOutput } from '@store/api/client';
import { useEffect, useRef, useState } from 'react';
import { ApiFailure, api } from '../../api';
import type { FormFieldDef } from '../form/form-types';
import { type IntakeAnswers, IntakeFields, missingAnswers } from './intake-fields';
import { type FreeSlot, SlotPicker } from './slot-picker';
import { durationText, priceText, timeText, visitorZone, whenText, zoneLabel } from './times';

type PublicType = ApiOutput<'GET /api/scheduling/types'>['types'][number];
type Booked = ApiOutput<'POST /api/scheduling/bookings'>;

export const managePageOf = (token: string) => `/scheduling/manage/${encodeURIComponent(token)}`;

export const failureText = (e: unknown) =>
  e instanceof ApiFailure && e.message && !e.offline
    ? e.message
    : 'Something went wrong. Check your connection and try again.';

/** The intake form's questions, sent with the type. */
function intakeOf(type: PublicType): FormFieldDef[] {
  return (type.intakeForm?.fields ?? []) as unknown as FormFieldDef[];
}

/** Island 'scheduling': pick a type, a free time in one's own zone, fill in, book (and pay). */
export function BookingWidget({ typeIds }: { typeIds: string[] }) {
  const zone = visitorZone();
  const [types, setTypes] = useState<PublicType[] | null>(null);
  const [error, setError] = useState('');
  const [typeId, setTypeId] = useState('');
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);

  useEffect(() => {
    api('GET /api/scheduling/types').then(
      (answer) => {
        const offered = typeIds.length ? answer.types.filter((t) => typeIds.includes(t.id)) : answer.types;
        setTypes(offered);
        if (offered.length === 1) setTypeId(offered[0]?.id ?? '');
      },
      (e) => setError(failureText(e)),
    );
  }, [typeIds]);

  const type = types?.find((t) => t.id === typeId) ?? null;
  if (booked) return <Confirmation booked={booked} zone={zone} />;
  return (
    <div className="scheduling-widget" data-testid="scheduling-widget">
      {error && (
        <p className="scheduling-error" role="alert">
          {error}
        </p>
      )}
      {types === null && !error && <p className="scheduling-loading">Loading…</p>}
      {types?.length === 0 && <p>There is nothing to book at the moment.</p>}
      {types && types.length > 0 && (
        <fieldset className="scheduling-types">
          <legend className="scheduling-step">1. Choose an appointment</legend>
          {types.map((t) => (
            <label key={t.id} className={`scheduling-type${t.id === typeId ? ' scheduling-type--on' : ''}`}>
              <input
                type="radio"
                name="scheduling-type"
                value={t.id}
                checked={t.id === typeId}
                onChange={() => {
                  setTypeId(t.id);
                  setSlot(null);
                }}
              />
              <span className="scheduling-type__name">{t.name}</span>
              <span className="scheduling-type__facts">
                {durationText(t.durationMinutes)} · {priceText(t.priceMinor, t.currency)}
                {t.location ? ` · ${t.location}` : t.hasVideo ? ' · Video call' : ''}
              </span>
              {t.description && <span className="scheduling-type__text">{t.description}</span>}
            </label>
          ))}
        </fieldset>
      )}
      {type && (
        <section className="scheduling-when" aria-labelledby="scheduling-when-title">
          <h3 id="scheduling-when-title" className="scheduling-step">
            2. Choose a time
          </h3>
          <SlotPicker key={type.id} typeId={type.id} zone={zone} chosen={slot} onChoose={setSlot} />
        </section>
      )}
      {type && slot && (
        <BookForm type={type} slot={slot} zone={zone} onBooked={setBooked} onTaken={() => setSlot(null)} />
      )}
    </div>
  );
}

function BookForm(props: {
  type: PublicType;
  slot: FreeSlot;
  zone: string;
  onBooked(answer: Booked): void;
  onTaken(): void;
}) {
  const { type, slot, zone } = props;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const intake = intakeOf(type);
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new time moves the focus to the form that books it
  useEffect(() => heading.current?.focus(), [slot.start]);

  return (
    <form
      className="scheduling-form"
      aria-labelledby="scheduling-form-title"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const left = missingAnswers(intake, answers);
        setMissing(left);
        if (!form.checkValidity() || left.length > 0) {
          setError('Please fill in the fields marked below.');
          form.reportValidity();
          return;
        }
        setBusy(true);
        setError('');
        try {
          const booked = await api('POST /api/scheduling/bookings', {
            body: {
              typeId: type.id,
              start: slot.start,
              name: name.trim(),
              email: email.trim(),
              timeZone: zone,
              intakeAnswers: answers,
            },
          });
          props.onBooked(booked);
        } catch (e) {
          setError(failureText(e));
          if (e instanceof ApiFailure && e.status === 409) props.onTaken();
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 id="scheduling-form-title" className="scheduling-step" tabIndex={-1} ref={heading}>
        3. Your details
      </h3>
      <p className="scheduling-summary" data-testid="scheduling-chosen">
        {type.name}, {whenText(slot.start, zone)}–{timeText(slot.end, zone)} (
        {zoneLabel(zone, new Date(slot.start))})
      </p>
      <div className="scheduling-field">
        <label htmlFor="scheduling-name">Name</label>
        <input
          id="scheduling-name"
          autoComplete="name"
          required
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="scheduling-field">
        <label htmlFor="scheduling-email">E-mail</label>
        <input
          id="scheduling-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <IntakeFields fields={intake} answers={answers} missing={missing} onChange={setAnswers} />
      {error && (
        <p className="scheduling-error" role="alert" data-testid="scheduling-error">
          {error}
        </p>
      )}
      <button type="submit" className="button scheduling-book" disabled={busy}>
        {type.priceMinor > 0 ? `Book and pay ${priceText(type.priceMinor, type.currency)}` : 'Book'}
      </button>
    </form>
  );
}

/** Booked: a free type is confirmed; a paid one is held until paid at checkout. */
function Confirmation({ booked, zone }: { booked: Booked; zone: string }) {
  const b = booked.booking;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const payAt = (booked as Booked & { checkoutPath?: string }).checkoutPath ?? '/checkout';
  return (
    <div
      className="scheduling-done"
      role="status"
      tabIndex={-1}
      ref={ref}
      data-testid="scheduling-confirmation"
    >
      {booked.paymentRequired ? (
        <>
          <h3>Almost done: pay to confirm</h3>
          <p>
            {b.typeName}, {whenText(b.start, zone)} ({zoneLabel(zone, new Date(b.start))}) is held for you
            {b.holdExpiresAt ? ` until ${timeText(b.holdExpiresAt, zone)}` : ''}.
          </p>
          <a className="button" href={payAt} data-testid="scheduling-pay">
            Pay {priceText(b.priceMinor, b.currency)}
          </a>
        </>
      ) : (
        <>
          <h3>You’re booked</h3>
          <p>
            {b.typeName} with {b.staffName}, {whenText(b.start, zone)}–{timeText(b.end, zone)} (
            {zoneLabel(zone, new Date(b.start))}).
          </p>
          <p>A confirmation is on its way to {b.customerEmail}.</p>
        </>
      )}
      <p>
        <a href={managePageOf(booked.manageToken)}>Reschedule or cancel</a>
      </p>
    </div>
  );
}
