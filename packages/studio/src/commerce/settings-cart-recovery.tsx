import { CART_RECOVERY_MESSAGES, type CartRecoverySettingsView } from '@store/api';
import { useState } from 'react';
import { call } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { Check, Field } from './settings-preferences';
import { SettingsSectionForm, useSettingsSection } from './settings-section-form';

/** The reminders' delays as the owner types them, in hours; an empty one is left out. */
const SUGGESTED_HOURS = ['1', '24', '72'];
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/**
 * Abandoned-cart reminders: a buyer who typed an e-mail at checkout (or is signed in) and left
 * gets one to three mails with a link that brings the cart back. Off by default. Changed by
 * those who change the store's settings (plugins/permissions.ts).
 */
export function CartRecoverySection() {
  const mayEdit = mayChange(usePermissions(), 'storeSettings');
  const [enabled, setEnabled] = useState(false);
  const [count, setCount] = useState(1);
  const [hours, setHours] = useState<string[]>(SUGGESTED_HOURS);
  const [subject, setSubject] = useState('');
  const [intro, setIntro] = useState('');
  const typed = hours.slice(0, count).map((h) => h.trim());
  const delaysMinutes = typed.map((h) => Math.round(Number(h) * 60));
  const { errors, form } = useSettingsSection({
    load: () => call('GET /api/commerce/abandoned-carts/settings'),
    show: (s: CartRecoverySettingsView) => {
      setEnabled(s.enabled);
      setCount(s.delaysMinutes.length);
      setHours(
        SUGGESTED_HOURS.map((h, i) => (s.delaysMinutes[i] === undefined ? h : hoursText(s.delaysMinutes[i]))),
      );
      setSubject(s.subject);
      setIntro(s.intro);
    },
    check: () => {
      const wrong = typed.findIndex(
        (h, i) =>
          !/^\d+(\.\d+)?$/.test(h) ||
          Number(h) <= 0 ||
          Number(h) > 720 ||
          (i > 0 && (delaysMinutes[i] ?? 0) <= (delaysMinutes[i - 1] ?? 0)),
      );
      return wrong >= 0
        ? { [`delay${wrong}`]: 'Enter hours from 1 to 720, each later than the one before.' }
        : null;
    },
    send: () =>
      call('PUT /api/commerce/abandoned-carts/settings', {
        body: { enabled, delaysMinutes, subject, intro },
      }),
    refusal: (fields, message) => (fields.delaysMinutes ? CART_RECOVERY_MESSAGES.delays : message),
  });

  return (
    <SettingsSectionForm id="abandoned-carts" title="Abandoned carts" mayEdit={mayEdit} {...form}>
      <p className="note">
        When a shopper gives an e-mail at checkout (or is signed in) and leaves without ordering, they get a
        reminder listing their cart, with a link that brings it back in any browser. Reminders stop as soon as
        they order, empty the cart or unsubscribe. Results are under Abandoned carts.
      </p>
      <div className="ss-checks">
        <Check
          id="cr-enabled"
          label="Send abandoned-cart reminders"
          checked={enabled}
          onChange={setEnabled}
        />
      </div>
      <div className="ss-grid">
        <Field id="cr-count" label="Reminders">
          <select id="cr-count" value={count} onChange={(e) => setCount(Number(e.target.value))}>
            <option value={1}>One reminder</option>
            <option value={2}>Two reminders</option>
            <option value={3}>Three reminders</option>
          </select>
        </Field>
        {[0, 1, 2].slice(0, count).map((i) => (
          <Field
            key={i}
            id={`cr-delay${i}`}
            label={`Reminder ${i + 1}: hours after the cart was left`}
            error={errors[`delay${i}`]}
          >
            <input
              id={`cr-delay${i}`}
              inputMode="decimal"
              value={hours[i] ?? ''}
              aria-invalid={!!errors[`delay${i}`]}
              onChange={(e) => setHours(hours.map((h, j) => (j === i ? e.target.value : h)))}
            />
          </Field>
        ))}
        <Field id="cr-subject" label="Subject" error={errors.subject}>
          <input
            id="cr-subject"
            value={subject}
            maxLength={150}
            aria-invalid={!!errors.subject}
            onChange={(e) => setSubject(e.target.value)}
          />
        </Field>
        <Field
          id="cr-intro"
          label="Opening text"
          error={errors.intro}
          hint="{site} becomes your site's name. The cart's items and the link follow it."
        >
          <textarea
            id="cr-intro"
            rows={3}
            value={intro}
            maxLength={1000}
            aria-invalid={!!errors.intro}
            onChange={(e) => setIntro(e.target.value)}
          />
        </Field>
      </div>
    </SettingsSectionForm>
  );
}
