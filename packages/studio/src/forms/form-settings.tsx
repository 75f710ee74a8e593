import { RichText } from '../editor/rich-text';
import { FormListOptIn } from '../marketing/form-list-opt-in';
import type { FormBody } from './forms-api';

export type SettingsTab = 'storage' | 'advanced' | 'captcha' | 'disclaimer';
type Definition = FormBody['definition'];

function FieldError({ message }: { message?: string }) {
  return message ? <p className="field-error">{message}</p> : null;
}

/** The settings tabs of spec §2 after Build: storage, advanced, captcha, disclaimer. */
export function FormSettings({
  tab,
  draft,
  errors,
  onDefinition,
  onEmail,
  formId,
}: {
  /** The saved form's id (absent for a form not saved yet: no opt-in to map). */
  formId?: string;
  tab: SettingsTab;
  draft: FormBody;
  errors: Record<string, string>;
  onDefinition(patch: Partial<Definition>): void;
  onEmail(email: string): void;
}) {
  const d = draft.definition;
  const err = (name: string) => errors[`definition.${name}`];
  if (tab === 'storage')
    return (
      <section className="form-settings">
        <p className="muted">Every submission is stored and listed under Submissions.</p>
        <label htmlFor="form-notification">Notification e-mail</label>
        <input
          id="form-notification"
          type="email"
          value={draft.notificationEmail ?? ''}
          placeholder="you@example.com"
          aria-invalid={Boolean(errors.notificationEmail)}
          onChange={(e) => onEmail(e.target.value)}
        />
        <p className="muted">A copy of each submission is mailed here (leave empty for none).</p>
        <FieldError message={errors.notificationEmail} />
        {formId && <FormListOptIn formId={formId} fields={d.fields} />}
      </section>
    );
  if (tab === 'advanced')
    return (
      <section className="form-settings">
        <RichText
          id="form-submission-message"
          label="Submission message"
          value={d.parsedSubmissionMessage ?? ''}
          onChange={(parsedSubmissionMessage) => onDefinition({ parsedSubmissionMessage })}
        />
        <FieldError message={err('parsedSubmissionMessage')} />
        <label htmlFor="form-post-html">Post-submit HTML</label>
        <textarea
          id="form-post-html"
          rows={5}
          className="form-settings__code"
          value={d.submissionHTML ?? ''}
          onChange={(e) => onDefinition({ submissionHTML: e.target.value })}
        />
        <FieldError message={err('submissionHTML')} />
        <label htmlFor="form-redirect">Success redirect</label>
        <input
          id="form-redirect"
          value={d.successRedirect ?? ''}
          placeholder="/thank-you or https://example.com"
          aria-invalid={Boolean(err('successRedirect'))}
          onChange={(e) => onDefinition({ successRedirect: e.target.value })}
        />
        <p className="muted">When set, visitors go there instead of seeing the submission message.</p>
        <FieldError message={err('successRedirect')} />
      </section>
    );
  if (tab === 'captcha')
    return (
      <section className="form-settings">
        <label className="form-settings__check">
          <input
            type="checkbox"
            checked={d.captchaEnabled ?? false}
            onChange={(e) => onDefinition({ captchaEnabled: e.target.checked })}
          />
          Use a captcha
        </label>
        <label htmlFor="form-captcha-theme">Theme</label>
        <select
          id="form-captcha-theme"
          disabled={!d.captchaEnabled}
          value={d.captchaTheme ?? 1}
          onChange={(e) => onDefinition({ captchaTheme: Number(e.target.value) })}
        >
          <option value={1}>Light</option>
          <option value={2}>Dark</option>
        </select>
        <label htmlFor="form-captcha-align">Alignment</label>
        <select
          id="form-captcha-align"
          disabled={!d.captchaEnabled}
          value={d.captchaAlignment ?? 1}
          onChange={(e) => onDefinition({ captchaAlignment: Number(e.target.value) })}
        >
          <option value={1}>Left</option>
          <option value={2}>Center</option>
          <option value={3}>Right</option>
        </select>
        <FieldError message={err('captchaTheme') ?? err('captchaAlignment')} />
      </section>
    );
  return (
    <section className="form-settings">
      <RichText
        id="form-disclaimer"
        label="Disclaimer"
        value={d.parsedDisclaimerMessage ?? ''}
        onChange={(parsedDisclaimerMessage) => onDefinition({ parsedDisclaimerMessage })}
      />
      <p className="muted">Shown under the form, before the submit button.</p>
      <FieldError message={err('parsedDisclaimerMessage')} />
    </section>
  );
}
