import {
  CHECKOUT_NEWSLETTER_LABEL_MAX,
  CHECKOUT_NEWSLETTER_MESSAGES as M,
  type CheckoutNewsletterView,
} from '@store/api';
import { useState } from 'react';
import { call } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { Check, Field } from './settings-preferences';
import { SettingsSectionForm, useSettingsSection } from './settings-section-form';

/**
 * Newsletter at checkout: a "Keep me posted" box under the checkout's e-mail field, unticked
 * for every buyer; a buyer who ticks it joins the chosen mailing list once the order is placed.
 * Off by default. Changed by those who change the store's settings (plugins/permissions.ts).
 */
export function CheckoutNewsletterSection() {
  const mayEdit = mayChange(usePermissions(), 'storeSettings');
  const [enabled, setEnabled] = useState(false);
  const [listId, setListId] = useState('');
  const [label, setLabel] = useState('');
  const { saved, errors, setErrors, form } = useSettingsSection({
    load: () => call('GET /api/studio/commerce/checkout-newsletter'),
    show: (view: CheckoutNewsletterView) => {
      setEnabled(view.enabled);
      setListId(view.listId ?? '');
      setLabel(view.label);
      // On, but its list was deleted since: the box is off on the page until another is chosen.
      if (view.enabled && !view.listId) setErrors({ listId: M.listRequired });
    },
    check: (): Record<string, string> | null => {
      if (enabled && lists.length === 0) return { listId: M.noLists };
      if (enabled && !listId) return { listId: M.listRequired };
      if (!label.trim()) return { label: M.label };
      return null;
    },
    send: () =>
      call('PUT /api/studio/commerce/checkout-newsletter', {
        body: { enabled, listId: listId || null, label },
      }),
  });
  const lists = saved?.lists ?? [];

  return (
    <SettingsSectionForm id="checkout-newsletter" title="Newsletter at checkout" mayEdit={mayEdit} {...form}>
      <p className="note">
        Buyers see a box under the e-mail field at checkout, unticked. Those who tick it join the list below
        once their order is placed, with the order as the record of their consent; a list with double opt-in
        first mails them a confirmation. Members are under Marketing → Mailing lists.
      </p>
      <div className="ss-checks">
        <Check
          id="cn-enabled"
          label="Show the newsletter box at checkout"
          checked={enabled}
          onChange={setEnabled}
        />
      </div>
      {saved && lists.length === 0 && (
        <p className="ss-warning">
          {M.noLists} (<a href="/config/marketing/lists">Mailing lists</a>)
        </p>
      )}
      <div className="ss-grid">
        <Field id="cn-list" label="Mailing list" error={errors.listId}>
          <select
            id="cn-list"
            value={listId}
            aria-invalid={!!errors.listId}
            aria-describedby={errors.listId ? 'cn-list-error' : undefined}
            onChange={(e) => {
              setListId(e.target.value);
              if (e.target.value) setErrors(({ listId: _, ...rest }) => rest);
            }}
          >
            <option value="">Choose a list</option>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="cn-label"
          label="Checkbox label"
          error={errors.label}
          hint="What buyers read beside the box."
        >
          <input
            id="cn-label"
            value={label}
            maxLength={CHECKOUT_NEWSLETTER_LABEL_MAX}
            aria-invalid={!!errors.label}
            aria-describedby={errors.label ? 'cn-label-error' : undefined}
            onChange={(e) => setLabel(e.target.value)}
          />
        </Field>
      </div>
    </SettingsSectionForm>
  );
}
