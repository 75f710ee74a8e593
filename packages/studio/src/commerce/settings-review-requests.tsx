import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { failureMessages } from './settings-api';
import { Check, Field } from './settings-preferences';
import { SettingsSectionForm } from './settings-section-form';

/**
 * The reviews request mail (spec page type 209): some days after an order is fulfilled, its
 * buyer gets one mail linking to a page where each item is rated. On by default, 7 days.
 * Changed by those who moderate reviews (plugins/permissions.ts).
 */
export function ReviewRequestsSection() {
  const mayEdit = mayChange(usePermissions(), 'reviews');
  const [saved, setSaved] = useState<{ enabled: boolean; delayDays: number } | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [days, setDays] = useState('7');
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');

  useEffect(() => {
    call('GET /api/commerce/review-requests/settings')
      .then((s) => {
        setSaved(s);
        setEnabled(s.enabled);
        setDays(String(s.delayDays));
      })
      .catch(() => setGeneral('Unable to load. Try again.'));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setGeneral('');
    const delayDays = Number(days);
    if (!/^\d{1,2}$/.test(days.trim()) || delayDays > 90) {
      setErrors({ delayDays: 'Enter a whole number of days from 0 to 90.' });
      return;
    }
    try {
      const next = await call('PUT /api/commerce/review-requests/settings', {
        body: { enabled, delayDays },
      });
      setSaved(next);
      setErrors({});
      setStatus('Saved.');
    } catch (failure) {
      const { fields, general: message } = failureMessages(failure);
      setErrors(fields);
      setGeneral(message);
    }
  };

  return (
    <SettingsSectionForm
      id="review-requests"
      title="Reviews request"
      mayEdit={mayEdit}
      loaded={Boolean(saved)}
      general={general}
      status={status}
      onSubmit={submit}
    >
      <p className="note">
        After an order is marked fulfilled, its buyer gets one mail asking them to rate what they bought.
        Reviews wait for your approval under Reviews. Product reviews must be on (Store above).
      </p>
      <div className="ss-checks">
        <Check
          id="rr-enabled"
          label="Ask buyers for a review after fulfilment"
          checked={enabled}
          onChange={setEnabled}
        />
      </div>
      <div className="ss-grid">
        <Field id="rr-days" label="Days after fulfilment" error={errors.delayDays}>
          <input
            id="rr-days"
            inputMode="numeric"
            value={days}
            aria-invalid={!!errors.delayDays}
            onChange={(e) => setDays(e.target.value)}
          />
        </Field>
      </div>
    </SettingsSectionForm>
  );
}
