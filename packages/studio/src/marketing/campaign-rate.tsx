import { CAMPAIGN_MESSAGES, CAMPAIGN_RATE } from '@store/api';
import { type FormEvent, useId, useState } from 'react';
import { call } from '../api';
import { failureText, serverFieldErrors } from '../data/errors';
import { mayChange, usePermissions } from '../settings/people-api';

/** The typed rate as whole mails a minute within the API's range, or the API's message. */
export function readRate(text: string): { ok: true; rate: number } | { ok: false; message: string } {
  const typed = text.trim();
  const rate = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  if (!Number.isInteger(rate) || rate < CAMPAIGN_RATE.min || rate > CAMPAIGN_RATE.max)
    return { ok: false, message: CAMPAIGN_MESSAGES.rate };
  return { ok: true, rate };
}

/** Campaigns → sending speed: how many campaign mails the site hands to its mail server a minute. */
export function SendingRate({ rate, onSaved }: { rate: number; onSaved(rate: number): void }) {
  const id = useId();
  const canEdit = mayChange(usePermissions(), 'marketing');
  const [text, setText] = useState(String(rate));
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNote('');
    const read = readRate(text);
    if (!read.ok) return setError(read.message);
    setError('');
    setBusy(true);
    try {
      const answer = await call('PUT /api/studio/campaigns/settings', { body: { ratePerMinute: read.rate } });
      setText(String(answer.ratePerMinute));
      setNote(`Saved: ${answer.ratePerMinute.toLocaleString()} mails a minute.`);
      onSaved(answer.ratePerMinute);
    } catch (failure) {
      setError(serverFieldErrors(failure).ratePerMinute ?? failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!canEdit)
    return (
      <section className="campaign-rate" aria-label="Sending speed">
        <h2>Sending speed</h2>
        <p className="muted">Campaign mail goes out at {rate.toLocaleString()} mails a minute.</p>
      </section>
    );
  return (
    <form className="campaign-rate" aria-label="Sending speed" noValidate onSubmit={save}>
      <h2>Sending speed</h2>
      <label htmlFor={`${id}-rate`} className="field-label">
        Mails per minute
      </label>
      <div className="campaign-rate__row">
        <input
          id={`${id}-rate`}
          type="number"
          inputMode="numeric"
          min={CAMPAIGN_RATE.min}
          max={CAMPAIGN_RATE.max}
          step={1}
          value={text}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
            setNote('');
          }}
        />
        <button type="submit" className="btn btn--plain" disabled={busy}>
          Save speed
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="muted campaign-rate__hint">
        {CAMPAIGN_RATE.min} to {CAMPAIGN_RATE.max.toLocaleString('en')}. A slower pace spreads a large
        campaign over more time, which mail servers with sending limits need.
      </p>
      <p className="note" role="status">
        {note}
      </p>
    </form>
  );
}
