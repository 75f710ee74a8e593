import { type FormEvent, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { COMMON_LANGUAGES, languageName } from './languages-api';
import {
  type DraftRow,
  addLanguage,
  draftOf,
  languageChoices,
  makeDefault,
  moveRow,
  removeLanguage,
  setShown,
} from './languages-data';
import { TranslationEditor } from './languages-translations';
import './languages.css';

const settingsRoutes = ['GET /api/multilingual/settings', 'GET /api/multilingual/status'] as const;

/**
 * Settings → Languages: the languages the site is offered in (add, remove, turn on or off,
 * choose the default), then the translations of one language. Visitors pick a language in
 * the site header once more than one is on.
 */
export function LanguagesScreen(_props: { rest: string[] }) {
  const settings = useApiQuery('GET /api/multilingual/settings', {});
  const saveLanguages = useApiMutation('PUT /api/multilingual/languages', { invalidates: settingsRoutes });
  const disconnect = useApiMutation('DELETE /api/multilingual/connection', { invalidates: settingsRoutes });
  // The owner's unsaved edits; null while the list is the saved one.
  const [draft, setDraft] = useState<DraftRow[] | null>(null);
  const [adding, setAdding] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  if (!settings.data)
    return settings.errorText ? (
      <p className="alert">{settings.errorText}</p>
    ) : (
      <p className="loading">Loading…</p>
    );
  const saved = settings.data.languages;
  const rows = draft ?? draftOf(saved);

  const change = (next: DraftRow[]) => {
    setDraft(next);
    setMessage('');
  };
  const choices = languageChoices(rows, COMMON_LANGUAGES);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    try {
      await saveLanguages.mutateAsync({ body: { languages: rows } });
      setDraft(null);
      setError('');
      setMessage('Languages saved.');
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function turnOff() {
    const ok = await confirmModal({
      title: 'Turn multilingual off?',
      message: 'Every added language and all of its translations will be removed. This cannot be undone.',
      confirmLabel: 'Remove languages',
    });
    if (!ok) return;
    try {
      // Resolves once the settings are asked again: said when the screen shows the one language left.
      await disconnect.mutateAsync({});
      setDraft(null);
      setError('');
      setMessage('Multilingual is off.');
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  const columns: Column<DraftRow>[] = [
    {
      key: 'language',
      header: 'Language',
      primary: true,
      cell: (row) => (
        <>
          {languageName(row.language)} <code>{row.language}</code>
        </>
      ),
    },
    {
      key: 'default',
      header: 'Default',
      cell: (row) => (
        <input
          type="radio"
          name="default-language"
          aria-label={`Default: ${languageName(row.language)}`}
          checked={row.isDefault}
          onChange={() => change(makeDefault(rows, row.language))}
        />
      ),
    },
    {
      key: 'shown',
      header: 'Shown to visitors',
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={`Shown: ${languageName(row.language)}`}
          checked={row.enabled ?? true}
          disabled={row.isDefault}
          onChange={(e) => change(setShown(rows, row.language, e.target.checked))}
        />
      ),
    },
  ];

  return (
    <div className="languages">
      <form onSubmit={save}>
        <div className="panel__head">
          <h1>Languages</h1>
          <button type="submit" className="btn btn--primary" disabled={saveLanguages.isPending}>
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
        <DataList
          label="Languages"
          className="languages__table"
          rows={rows}
          columns={columns}
          rowKey={(row) => row.language}
          actions={(row) => {
            const i = rows.indexOf(row);
            return (
              <span className="languages__actions">
                <button
                  type="button"
                  className="btn btn--plain"
                  title="Move up"
                  disabled={i === 0}
                  onClick={() => change(moveRow(rows, i, -1))}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="visually-hidden">Move {row.language} up</span>
                </button>
                <button
                  type="button"
                  className="btn btn--plain"
                  title="Move down"
                  disabled={i === rows.length - 1}
                  onClick={() => change(moveRow(rows, i, 1))}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="visually-hidden">Move {row.language} down</span>
                </button>
                <button
                  type="button"
                  className="btn btn--plain"
                  disabled={row.isDefault}
                  onClick={() => change(removeLanguage(rows, row.language))}
                >
                  Remove<span className="visually-hidden"> {row.language}</span>
                </button>
              </span>
            );
          }}
        />
        <div className="languages__add">
          <label htmlFor="add-language">Add a language</label>
          <select id="add-language" value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">Choose…</option>
            {choices.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)} ({tag})
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn"
            disabled={!adding}
            onClick={() => {
              change(addLanguage(rows, adding));
              setAdding('');
            }}
          >
            Add
          </button>
        </div>
        {saved.length > 1 && (
          <button type="button" className="btn btn--danger languages__off" onClick={turnOff}>
            Turn multilingual off
          </button>
        )}
      </form>
      {saved.length > 1 && <TranslationEditor languages={saved} />}
    </div>
  );
}
