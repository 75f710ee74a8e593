import {
  FONT_FAMILIES,
  type SiteStyles,
  defaultSiteStyles,
  parseColor,
  siteStylesCss,
  toCss,
} from '@store/blocks';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure, api } from '../api';
import { confirmModal } from '../components/dialogs';

const PREVIEW_STYLE_ID = 'studio-design-preview';
const COLOURS = [
  ['accentColor', 'Accent colour'],
  ['textColor', 'Text colour'],
  ['backgroundColor', 'Background colour'],
] as const;

/** Spec §4 tweak events, for panels and tests that follow the design editor. */
function tweak(event: 'change' | 'save' | 'reset' | 'close', styles: SiteStyles) {
  window.dispatchEvent(new CustomEvent(`tweak:${event}`, { detail: styles }));
}

/** Put the styles into the site frame (same origin) so the owner sees them before saving. */
function previewInFrame(styles: SiteStyles | null) {
  const doc = document.querySelector<HTMLIFrameElement>('iframe[title="Your site"]')?.contentDocument;
  if (!doc?.head) return;
  doc.getElementById(PREVIEW_STYLE_ID)?.remove();
  if (!styles) return;
  const style = doc.createElement('style');
  style.id = PREVIEW_STYLE_ID;
  style.textContent = siteStylesCss(styles);
  doc.head.append(style);
}

const hexOf = (value: string) => {
  const rgba = parseColor(value);
  return rgba
    ? `#${rgba
        .slice(0, 3)
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')}`
    : '#000000';
};

/** Site styles: colours, fonts, buttons and spacing, previewed live in the site frame. */
export function DesignPanel({ onSiteChanged }: { onSiteChanged(): void }) {
  const [styles, setStyles] = useState<SiteStyles | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    api.siteStyles().then(setStyles, () => setError('Unable to load. Try again.'));
    return () => {
      previewInFrame(null);
      tweak('close', defaultSiteStyles);
    };
  }, []);
  if (!styles) return error ? <p className="alert">{error}</p> : <p className="loading">Loading…</p>;

  const invalid = COLOURS.filter(([key]) => parseColor(styles[key]) === null).map(([, label]) => label);
  const change = (patch: Partial<SiteStyles>) => {
    const next = { ...styles, ...patch };
    setStyles(next);
    setMessage('');
    if (COLOURS.every(([key]) => parseColor(next[key]) !== null)) previewInFrame(next);
    tweak('change', next);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!styles || invalid.length) return;
    try {
      const saved = await api.saveSiteStyles(styles);
      setStyles(saved);
      setError('');
      setMessage('Design saved.');
      tweak('save', saved);
      onSiteChanged();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  return (
    <form className="design-panel" onSubmit={save}>
      <div className="panel__head">
        <h1>Design</h1>
        <button type="submit" className="btn btn--primary" disabled={invalid.length > 0}>
          Save
        </button>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="note">
        {message}
      </p>
      <fieldset>
        <legend>Colours</legend>
        {COLOURS.map(([key, label]) => {
          const bad = parseColor(styles[key]) === null;
          return (
            <div key={key} className="colour-field">
              <label htmlFor={`design-${key}`}>{label}</label>
              <div className="colour-field__row">
                <input
                  type="color"
                  aria-label={`${label} picker`}
                  value={hexOf(styles[key])}
                  onChange={(e) => change({ [key]: e.target.value })}
                />
                <input
                  id={`design-${key}`}
                  value={styles[key]}
                  aria-invalid={bad}
                  aria-describedby={bad ? `design-${key}-error` : undefined}
                  onChange={(e) => change({ [key]: e.target.value })}
                />
              </div>
              {bad ? (
                <small id={`design-${key}-error`} className="field-error">
                  Use a hex, rgb, hsl, hwb or named colour.
                </small>
              ) : (
                <small className="muted">{toCss(parseColor(styles[key])!)}</small>
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Fonts</legend>
        {(['headingFont', 'bodyFont'] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`design-${key}`}>{key === 'headingFont' ? 'Heading font' : 'Body font'}</label>
            <select
              id={`design-${key}`}
              value={styles[key]}
              onChange={(e) => change({ [key]: e.target.value as SiteStyles[typeof key] })}
            >
              {Object.entries(FONT_FAMILIES).map(([value, f]) => (
                <option key={value} value={value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Buttons and spacing</legend>
        <label htmlFor="design-button">Button shape</label>
        <select
          id="design-button"
          value={styles.buttonShape}
          onChange={(e) => change({ buttonShape: e.target.value as SiteStyles['buttonShape'] })}
        >
          <option value="pill">Pill</option>
          <option value="rounded">Rounded</option>
          <option value="square">Square</option>
        </select>
        <label htmlFor="design-spacing">Spacing</label>
        <select
          id="design-spacing"
          value={styles.spacing}
          onChange={(e) => change({ spacing: e.target.value as SiteStyles['spacing'] })}
        >
          <option value="compact">Compact</option>
          <option value="comfortable">Comfortable</option>
          <option value="airy">Airy</option>
        </select>
      </fieldset>
      <button
        type="button"
        className="btn btn--plain"
        onClick={async () => {
          const ok = await confirmModal({
            title: 'Reset the design?',
            message: 'Colours, fonts, buttons and spacing go back to the theme defaults when you save.',
            confirmLabel: 'Reset',
          });
          if (!ok) return;
          change(defaultSiteStyles);
          tweak('reset', defaultSiteStyles);
        }}
      >
        Reset to defaults
      </button>
    </form>
  );
}
