import { useState } from 'react';
import { call } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { Check, Field } from './settings-preferences';
import { SettingsSectionForm, useSettingsSection } from './settings-section-form';

/**
 * The reviews request mail (spec page type 209): some days after an order is fulfilled, its
 * buyer gets one mail linking to a page where each item is rated. On by default, 7 days.
 * Changed by those who moderate reviews (plugins/permissions.ts).
 */
export function ReviewRequestsSection() {
  const mayEdit = mayChange(usePermissions(), 'reviews');
  const [enabled, setEnabled] = useState(true);
  const [days, setDays] = useState('7');
  const { errors, form } = useSettingsSection({
    load: () => call('GET /api/commerce/review-requests/settings'),
    show: (s) => {
      setEnabled(s.enabled);
      setDays(String(s.delayDays));
    },
    check: () =>
      !/^\d{1,2}$/.test(days.trim()) || Number(days) > 90
        ? { delayDays: 'Enter a whole number of days from 0 to 90.' }
        : null,
    send: () =>
      call('PUT /api/commerce/review-requests/settings', { body: { enabled, delayDays: Number(days) } }),
  });

  return (
    <SettingsSectionForm id="review-requests" title="Reviews request" mayEdit={mayEdit} {...form}>
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
