import {
  CHECKOUT_NEWSLETTER_LABEL_MAX,
  CHECKOUT_NEWSLETTER_MESSAGES as M,
  type CheckoutNewsletterView,
} from '@store/api';
import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { failureMessages } from './settings-api';
import { Check, Field } from './settings-preferences';
import { SettingsSectionForm } from './settings-section-form';

/**
 * Newsletter at checkout: a "Keep me posted" box under the checkout's e-mail field, unticked
 * for every buyer; a buyer who ticks it joins the chosen mailing list once the order is placed.
 * Off by default. Changed by those who change the store's settings (plugins/permissions.ts).
 */
export function CheckoutNewsletterSection() {
  const mayEdit = mayChange(usePermissions(), 'storeSettings');
  const [saved, setSaved] = useState<CheckoutNewsletterView | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [listId, setListId] = useState('');
  const [label, setLabel] = useState('');
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');

  const show = (view: CheckoutNewsletterView) => {
    setSaved(view);
    setEnabled(view.enabled);
    setListId(view.listId ?? '');
    setLabel(view.label);
    // On, but its list was deleted since: the box is off on the page until another is chosen.
    setErrors(view.enabled && !view.listId ? { listId: M.listRequired } : {});
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the section opens
  useEffect(() => {
    call('GET /api/studio/commerce/checkout-newsletter')
      .then(show)
      .catch(() => setGeneral('Unable to load. Try again.'));
  }, []);

  const lists = saved?.lists ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setGeneral('');
    if (enabled && lists.length === 0) return setErrors({ listId: M.noLists });
    if (enabled && !listId) return setErrors({ listId: M.listRequired });
    if (!label.trim()) return setErrors({ label: M.label });
    try {
      show(
        await call('PUT /api/studio/commerce/checkout-newsletter', {
          body: { enabled, listId: listId || null, label },
        }),
      );
      setStatus('Saved.');
    } catch (failure) {
      const { fields, general: message } = failureMessages(failure);
      setErrors(fields);
      setGeneral(message);
    }
  };

  return (
    <SettingsSectionForm
      id="checkout-newsletter"
      title="Newsletter at checkout"
      mayEdit={mayEdit}
      loaded={Boolean(saved)}
      general={general}
      status={status}
      onSubmit={submit}
    >
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
