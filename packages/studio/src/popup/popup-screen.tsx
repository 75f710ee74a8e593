import { MAILING_LIST_MESSAGES as M, POPUP_TRIGGERS, popupLimits, popupOverlayBody } from '@store/api';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { useApiForm } from '../data/use-api-form';
import { mayChange, usePermissions } from '../settings/people-api';
import { type PopupAnswer, popupFormValues, popupSummary, triggerLabels } from './popup-data';
import './popup.css';

const ROUTE = 'GET /api/owner/popup-overlay' as const;

/** Forms → Popup: the newsletter popup overlay (page type 104), with a live preview. */
export function PopupScreen(_props: { rest: string[] }) {
  const saved = useApiQuery(ROUTE, {});
  if (!saved.data)
    return saved.errorText ? (
      <p className="alert" role="alert">
        {saved.errorText}
      </p>
    ) : (
      <p className="loading">Loading…</p>
    );
  // Keyed by nothing: a save refetches the popup, and the form keeps what the owner typed.
  return <PopupForm saved={saved.data} />;
}

function PopupForm({ saved }: { saved: PopupAnswer }) {
  const canChange = mayChange(usePermissions(), 'design');
  const form = useApiForm(popupOverlayBody, popupFormValues(saved));
  const save = useApiMutation('PUT /api/owner/popup-overlay', { invalidates: [ROUTE] });
  const media = useApiQuery('GET /api/studio/media', {}, { staleTime: 60_000 });
  const [done, setDone] = useState('');
  const v = form.watch();
  const images = (media.data?.media ?? []).filter((m) => m.kind === 'image');
  const error = (name: string) => {
    const message = form.errorOf(name);
    return message ? (
      <p id={`popup-${name}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  const invalid = (name: string) => ({
    'aria-invalid': !!form.errorOf(name),
    'aria-describedby': form.errorOf(name) ? `popup-${name}-error` : undefined,
  });

  return (
    <div className="popup-setup">
      <div className="panel__head">
        <h1>Popup</h1>
      </div>
      <p className="muted">
        A newsletter sign-up that opens over the site's pages (not over checkout). Saving shows it again to
        visitors who closed an earlier version.
      </p>
      <div className="popup-setup__grid">
        <form
          className="popup-setup__form"
          aria-label="Popup settings"
          noValidate
          onSubmit={form.submitWith(async (body) => {
            setDone('');
            await save.mutateAsync({ body });
            setDone(body.enabled ? 'Saved: the popup is on.' : 'Saved: the popup is off.');
          })}
        >
          <fieldset disabled={!canChange}>
            <legend className="visually-hidden">Popup settings</legend>
            <label className="check">
              <input type="checkbox" {...form.register('enabled')} /> Show the popup on the site
            </label>
            <label htmlFor="popup-title" className="field-label">
              Title
            </label>
            <input
              id="popup-title"
              maxLength={popupLimits.title}
              {...invalid('title')}
              {...form.register('title')}
            />
            {error('title')}
            <label htmlFor="popup-body" className="field-label">
              Text
            </label>
            <textarea
              id="popup-body"
              rows={3}
              maxLength={popupLimits.body}
              {...invalid('body')}
              {...form.register('body')}
            />
            {error('body')}
            <label htmlFor="popup-image" className="field-label">
              Image
            </label>
            <select
              id="popup-image"
              {...invalid('imageUrl')}
              // Controlled: the library's options arrive after the form, and an uncontrolled
              // select would drop the chosen image when its option is replaced.
              value={v.imageUrl ?? ''}
              onChange={(e) => form.setValue('imageUrl', e.target.value || null, { shouldDirty: true })}
            >
              <option value="">No image</option>
              {v.imageUrl && !images.some((m) => m.assetUrl === v.imageUrl) && (
                <option value={v.imageUrl}>{v.imageUrl.split('/').pop()}</option>
              )}
              {images.map((m) => (
                <option key={m.id} value={m.assetUrl}>
                  {m.title || m.filename}
                </option>
              ))}
            </select>
            {media.errorText && (
              <p className="muted">The media library could not be read: {media.errorText}</p>
            )}
            {error('imageUrl')}
            <label htmlFor="popup-button" className="field-label">
              Button label
            </label>
            <input
              id="popup-button"
              maxLength={popupLimits.buttonLabel}
              {...invalid('buttonLabel')}
              {...form.register('buttonLabel')}
            />
            {error('buttonLabel')}
            <label htmlFor="popup-list" className="field-label">
              Mailing list
            </label>
            <select
              id="popup-list"
              disabled={saved.lists.length === 0}
              {...invalid('listId')}
              // Controlled, like the image: the saved list stays chosen when the options change.
              value={v.listId ?? ''}
              onChange={(e) => form.setValue('listId', e.target.value, { shouldDirty: true })}
            >
              {!v.listId && <option value="">Choose a list…</option>}
              {saved.lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
            {saved.lists.length === 0 && (
              <p className="alert">
                {M.noLists} (<a href="/config/marketing/lists">Mailing lists</a>)
              </p>
            )}
            {error('listId')}
            <fieldset className="popup-setup__when">
              <legend className="field-label">When it shows</legend>
              {POPUP_TRIGGERS.map((t) => (
                <label key={t} className="check">
                  <input type="radio" value={t} {...form.register('trigger')} /> {triggerLabels[t]}
                </label>
              ))}
            </fieldset>
            {error('trigger')}
            <div className="popup-setup__numbers">
              {(v.trigger === 'delay' || v.trigger === 'exit') && (
                <div>
                  <label htmlFor="popup-delay" className="field-label">
                    Delay (seconds)
                  </label>
                  <input
                    id="popup-delay"
                    type="number"
                    min={0}
                    max={600}
                    {...invalid('delaySeconds')}
                    {...form.register('delaySeconds', { valueAsNumber: true })}
                  />
                  {error('delaySeconds')}
                </div>
              )}
              {v.trigger === 'scroll' && (
                <div>
                  <label htmlFor="popup-scroll" className="field-label">
                    Scrolled (percent of the page)
                  </label>
                  <input
                    id="popup-scroll"
                    type="number"
                    min={10}
                    max={100}
                    {...invalid('scrollPercent')}
                    {...form.register('scrollPercent', { valueAsNumber: true })}
                  />
                  {error('scrollPercent')}
                </div>
              )}
              <div>
                <label htmlFor="popup-hide" className="field-label">
                  Once closed, hide for (days)
                </label>
                <input
                  id="popup-hide"
                  type="number"
                  min={0}
                  max={365}
                  {...invalid('hideDays')}
                  {...form.register('hideDays', { valueAsNumber: true })}
                />
                {error('hideDays')}
              </div>
            </div>
          </fieldset>
          <p className="muted popup-setup__summary">
            {popupSummary({
              enabled: v.enabled,
              trigger: v.trigger ?? 'delay',
              delaySeconds: Number(v.delaySeconds) || 0,
              scrollPercent: Number(v.scrollPercent) || 0,
              hideDays: Number(v.hideDays) || 0,
            })}
          </p>
          {form.formMessage && (
            <p className="alert" role="alert">
              {form.formMessage}
            </p>
          )}
          {canChange ? (
            <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
              Save popup
            </button>
          ) : (
            <p className="muted">Your role can see the popup but not change it.</p>
          )}
          {done && (
            <p className="note" role="status">
              {done}
            </p>
          )}
        </form>
        <PopupPreview values={v} />
      </div>
    </div>
  );
}

/** The popup as visitors will see it, drawn from the form as it is typed (text only, no HTML). */
function PopupPreview({
  values,
}: {
  values: { title: string; body?: string; buttonLabel?: string; imageUrl?: string | null; enabled: boolean };
}) {
  return (
    <section className="popup-preview" aria-label="Preview">
      <h2 className="popup-preview__label">Preview{values.enabled ? '' : ' (off)'}</h2>
      <div className="popup-preview__stage" data-testid="popup-preview">
        <div className="popup-preview__dialog">
          <span className="popup-preview__close" aria-hidden="true">
            ×
          </span>
          {values.imageUrl && <img className="popup-preview__image" src={values.imageUrl} alt="" />}
          <h3>{values.title || 'Your title'}</h3>
          {values.body && <p>{values.body}</p>}
          <span className="popup-preview__field-label">Email address</span>
          <span className="popup-preview__input" />
          <span className="popup-preview__button">{values.buttonLabel || 'Sign up'}</span>
        </div>
      </div>
    </section>
  );
}
