import { useEffect, useState } from 'react';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { trustedHtml } from '../editor/clean-html';
import { RichText } from '../editor/rich-text';
import { type SiteLanguageRow, type TranslationEntry, languageName } from './languages-api';

const GROUPS = [
  ['page', 'Page titles'],
  ['navigation', 'Navigation'],
  ['site', 'Header and footer'],
  ['block', 'Page blocks'],
  ['form', 'Forms'],
  ['product', 'Products'],
  ['string', 'Store and theme texts'],
] as const;

/** Texts held as HTML, translated in the rich-text editor (the server cleans them the same way). */
const isRichText = (e: TranslationEntry) =>
  (e.subjectType === 'block' && e.field === 'html') ||
  (e.subjectType === 'product' && e.field === 'description') ||
  (e.subjectType === 'form' &&
    (e.field === 'parsedSubmissionMessage' || e.field === 'parsedDisclaimerMessage'));

/** What an HTML text reads as (tags dropped, entities of the editor's output decoded). */
function plainText(html: string): string {
  // Parsed from the sanitised HTML: the studio's Trusted Types policy accepts nothing else.
  const doc = new DOMParser().parseFromString(trustedHtml(html, 'rich'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const keyOf = (e: TranslationEntry) => `${e.subjectType}\n${e.subjectId}\n${e.field}`;

/**
 * Translations into one language: each text's default beside an input, missing ones marked.
 * Saving sends only what changed (an emptied input removes the translation).
 */
export function TranslationEditor({ languages }: { languages: SiteLanguageRow[] }) {
  const others = languages.filter((l) => !l.isDefault);
  const [language, setLanguage] = useState(others[0]?.language ?? '');
  const answer = useApiQuery(
    'GET /api/multilingual/translations',
    { query: { language } },
    { enabled: Boolean(language) },
  );
  const saveAll = useApiMutation('PUT /api/multilingual/translations', {
    invalidates: ['GET /api/multilingual/translations'],
  });
  // The owner's typing, over the saved translations; emptied after a save (the list is fresh then).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!others.some((l) => l.language === language)) setLanguage(others[0]?.language ?? '');
  }, [others, language]);
  if (!language) return null;

  const entries = answer.data?.entries ?? null;
  const typedValue = (e: TranslationEntry) => edits[keyOf(e)] ?? e.value ?? '';
  const values: Record<string, string> = Object.fromEntries(
    (entries ?? []).map((e) => [keyOf(e), typedValue(e)]),
  );
  const changed = (entries ?? []).filter((e) => typedValue(e) !== (e.value ?? ''));
  const shownError = error || answer.errorText;
  async function save() {
    try {
      await saveAll.mutateAsync({
        body: {
          language,
          entries: changed.map(({ subjectType, subjectId, field }) => ({
            subjectType,
            subjectId,
            field,
            value: values[`${subjectType}\n${subjectId}\n${field}`] ?? '',
          })),
        },
      });
      setEdits({});
      setError('');
      setMessage('Translations saved.');
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <section className="translations" aria-labelledby="translations-title">
      <div className="panel__head">
        <h2 id="translations-title">Translations</h2>
        <button type="button" className="btn btn--primary" disabled={changed.length === 0} onClick={save}>
          Save translations
        </button>
      </div>
      <div className="translations__bar">
        <label htmlFor="translate-into">Translate into</label>
        <select
          id="translate-into"
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value);
            setEdits({});
          }}
        >
          {others.map((l) => (
            <option key={l.language} value={l.language}>
              {languageName(l.language)} ({l.language})
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} />
          Only missing
        </label>
      </div>
      {shownError && (
        <p className="alert" role="alert">
          {shownError}
        </p>
      )}
      <p role="status" className="note">
        {message}
      </p>
      {!entries ? (
        <p className="loading">Loading…</p>
      ) : (
        GROUPS.map(([type, title]) => {
          const rows = entries.filter((e) => e.subjectType === type && (!onlyMissing || !e.value));
          if (rows.length === 0) return null;
          return (
            <fieldset key={type} className="translations__group">
              <legend>{title}</legend>
              {rows.map((e) => {
                const key = keyOf(e);
                const id = `tr-${type}-${e.subjectId}-${e.field}`;
                const missing = !e.value;
                const change = (value: string) => {
                  setEdits((typed) => ({ ...typed, [key]: value }));
                  setMessage('');
                };
                // HTML texts (a text block, a product description, form messages): rich text.
                if (isRichText(e))
                  return (
                    <div key={key} className={`translation${missing ? ' translation--missing' : ''}`}>
                      <div className="translation__default">
                        <span className="translation__label">{e.label}</span>
                        {plainText(e.defaultText) || <em>(empty)</em>}
                      </div>
                      <RichText
                        id={id}
                        label={`Translation of: ${plainText(e.defaultText).slice(0, 60)}`}
                        value={values[key] ?? ''}
                        onChange={(html) => change(plainText(html) ? html : '')}
                      />
                      {missing && (
                        <span id={`${id}-missing`} className="translation__missing">
                          Missing
                        </span>
                      )}
                    </div>
                  );
                const Input =
                  e.defaultText.includes('\n') || e.defaultText.length > 80 ? 'textarea' : 'input';
                return (
                  <div key={key} className={`translation${missing ? ' translation--missing' : ''}`}>
                    <label htmlFor={id} className="translation__default">
                      <span className="translation__label">{e.label}</span>
                      {e.defaultText || <em>(empty)</em>}
                    </label>
                    <Input
                      id={id}
                      aria-label={`${e.label}: ${e.defaultText || '(empty)'}`}
                      value={values[key] ?? ''}
                      placeholder={e.defaultText}
                      aria-describedby={missing ? `${id}-missing` : undefined}
                      onChange={(ev: { target: { value: string } }) => change(ev.target.value)}
                    />
                    {missing && (
                      <span id={`${id}-missing`} className="translation__missing">
                        Missing
                      </span>
                    )}
                  </div>
                );
              })}
            </fieldset>
          );
        })
      )}
    </section>
  );
}
