import { isLinkOf } from '@store/commerce';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Captcha, type CaptchaHandle } from './captcha';
import { OwnerHtml } from './owner-html';
import { FieldInput } from './field-input';
import type { FieldValue, FormFieldDef, FormProps, Values } from './form-types';
import { MESSAGES } from './messages';
import { submitForm, validateOnServer } from './submit-form';
import { fieldError, initialValues, validateAll } from './validate';

/**
 * The visitor form (spec §4 "Form submission"): client validation → server validation →
 * "Submitting…" with the control locked → success (redirect, or the submission message and
 * post-submit HTML) or failure (errors above the field titles, banners, unlock, captcha reset).
 */
export function FormView({ form }: { form: FormProps }) {
  const [values, setValues] = useState<Values>(() => initialValues(form.fields, location.search));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [masked, setMasked] = useState(false);
  const [captchaVisible, setCaptchaVisible] = useState(false);
  const captchaKey = useRef<string | null>(null);
  const captcha = useRef<CaptchaHandle | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const onSolved = useCallback((payload: string | null) => {
    captchaKey.current = payload;
  }, []);
  // Captcha badge: shown while focus is inside the form (fields or the widget), hidden on blur.
  useEffect(() => {
    const el = root.current;
    if (!el || !form.captchaEnabled) return;
    const onIn = () => setCaptchaVisible(true);
    const onOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setCaptchaVisible(false);
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  }, [form.captchaEnabled]);
  const visibleFields = useMemo(() => form.fields.filter((f) => f.type !== 'hidden'), [form.fields]);

  const fail = (message: string, fieldErrors: Record<string, string> = {}, resetCaptcha = true) => {
    setErrors(fieldErrors);
    setFormError(message);
    setSubmitting(false);
    if (form.fields.some((f) => f.type === 'password')) {
      // Clear real passwords; the mask placeholder shows one was typed.
      setValues((v) => {
        const next = { ...v };
        for (const f of form.fields) if (f.type === 'password' && next[f.id]) next[f.id] = '';
        return next;
      });
      setMasked(true);
    }
    if (resetCaptcha && form.captchaEnabled) captcha.current?.reset();
  };

  // A shown error goes as soon as the visitor fixes its field (and the banners with the last one);
  // a still-wrong field keeps its message, updated to what is wrong now.
  const onFieldChange = (field: FormFieldDef, value: FieldValue) => {
    setValues((v) => ({ ...v, [field.id]: value }));
    if (!errors[field.id]) return;
    const now = fieldError(field, value);
    const next = { ...errors };
    if (now) next[field.id] = now;
    else delete next[field.id];
    setErrors(next);
    if (Object.keys(next).length === 0 && formError === MESSAGES.invalid) setFormError(null);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const clientErrors = validateAll(form.fields, values);
    if (Object.keys(clientErrors).length > 0) return fail(MESSAGES.invalid, clientErrors, false);
    if (form.captchaEnabled && !captchaKey.current) {
      setCaptchaVisible(true);
      return fail(MESSAGES.captchaMissing, {}, false);
    }
    setSubmitting(true);
    setFormError(null);
    setErrors({});
    const checked = await validateOnServer(form, values);
    if (!checked.ok) return fail(checked.message, checked.errors, false);
    const sent = await submitForm(form, values, captchaKey.current);
    if (!sent.ok) return fail(sent.message, sent.errors);
    // Only to a path of this site or a web address, the rule the studio saved it under:
    // never to another host through '//…' or '/\…', whatever reached the page.
    if (form.successRedirect && isLinkOf(form.successRedirect, ['path', 'web'])) {
      location.assign(form.successRedirect);
      return;
    }
    setDone(true);
  };
  // Once the submission text is on screen, bring it into view.
  useEffect(() => {
    if (done) root.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [done]);

  if (done) {
    return (
      <div ref={root} className="form-submission-text" data-testid="form-success">
        <OwnerHtml
          className="form-submission-message"
          html={form.parsedSubmissionMessage || '<p>Thank you!</p>'}
        />
        {/* The owner's post-submit HTML (spec §4), by the embed rules: media and players from
            known hosts show, but its scripts do not run (nothing a contributor writes runs as the site). */}
        {form.submissionHTML && (
          <OwnerHtml className="form-submission-html" html={form.submissionHTML} kind="embed" />
        )}
      </div>
    );
  }

  const hasErrors = Boolean(formError);
  return (
    <div ref={root} className="form-wrapper">
      {hasErrors && (
        <p className="form-banner top" role="alert" data-testid="form-banner-top">
          {MESSAGES.scrollDown}
        </p>
      )}
      <form noValidate className="form" onSubmit={onSubmit} data-testid="visitor-form">
        <fieldset disabled={submitting} className="form-fields">
          {visibleFields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              value={values[field.id]}
              error={errors[field.id]}
              masked={masked}
              onChange={(value: FieldValue) => onFieldChange(field, value)}
            />
          ))}
        </fieldset>
        {form.parsedDisclaimerMessage && (
          <OwnerHtml className="form-disclaimer" html={form.parsedDisclaimerMessage} />
        )}
        {formError && (
          <p className="form-error" role="alert" data-testid="form-error">
            {formError}
          </p>
        )}
        <button type="submit" className="button form-submit" disabled={submitting} aria-busy={submitting}>
          {submitting ? MESSAGES.submitting : (form.submitButtonText ?? MESSAGES.submit)}
        </button>
      </form>
      {form.captchaEnabled && <Captcha visible={captchaVisible} onSolved={onSolved} handle={captcha} />}
      {hasErrors && (
        <p className="form-banner bottom" role="alert" data-testid="form-banner-bottom">
          {MESSAGES.scrollUp}
        </p>
      )}
    </div>
  );
}
