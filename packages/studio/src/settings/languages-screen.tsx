import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import {
  COMMON_LANGUAGES,
  type LanguagesInput,
  type SiteLanguageRow,
  failureText,
  languageName,
  languagesApi,
} from './languages-api';
import { TranslationEditor } from './languages-translations';
import './languages.css';

/**
 * Settings → Languages: the languages the site is offered in (add, remove, turn on or off,
 * choose the default), then the translations of one language. Visitors pick a language in
 * the site header once more than one is on.
 */
export function LanguagesScreen(_props: { rest: string[] }) {
  const [rows, setRows] = useState<LanguagesInput | null>(null);
  const [adding, setAdding] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState<SiteLanguageRow[]>([]);

  const load = useCallback(
    () =>
      languagesApi.settings().then(
        (s) => {
          setSaved(s.languages);
          setRows(s.languages.map(({ language, isDefault, enabled }) => ({ language, isDefault, enabled })));
        },
        (failure) => setError(failureText(failure)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (!rows) return error ? <p className="alert">{error}</p> : <p className="loading">Loading…</p>;

  const change = (next: LanguagesInput) => {
    setRows(next);
    setMessage('');
  };
  const listed = new Set(rows.map((r) => r.language.toLowerCase()));
  const choices = COMMON_LANGUAGES.filter((tag) => !listed.has(tag.toLowerCase()));

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!rows) return;
    try {
      const result = await languagesApi.save(rows);
      setSaved(result.languages);
      setRows(result.languages.map(({ language, isDefault, enabled }) => ({ language, isDefault, enabled })));
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
      await languagesApi.disconnect();
      // Said once the screen shows the one language left, not while it still lists the others.
      await load();
      setMessage('Multilingual is off.');
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  const move = (i: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    if (row) next.splice(i + by, 0, row);
    change(next);
  };

  return (
    <div className="languages">
      <form onSubmit={save}>
        <div className="panel__head">
          <h1>Languages</h1>
          <button type="submit" className="btn btn--primary">
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
        <table className="languages__table">
          <thead>
            <tr>
              <th scope="col">Language</th>
              <th scope="col">Default</th>
              <th scope="col">Shown to visitors</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.language}>
                <td>
                  {languageName(row.language)} <code>{row.language}</code>
                </td>
                <td>
                  <input
                    type="radio"
                    name="default-language"
                    aria-label={`Default: ${languageName(row.language)}`}
                    checked={row.isDefault}
                    onChange={() =>
                      change(
                        rows.map((r) => ({ ...r, isDefault: r === row, enabled: r === row || r.enabled })),
                      )
                    }
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Shown: ${languageName(row.language)}`}
                    checked={row.enabled ?? true}
                    disabled={row.isDefault}
                    onChange={(e) =>
                      change(rows.map((r) => (r === row ? { ...r, enabled: e.target.checked } : r)))
                    }
                  />
                </td>
                <td className="languages__actions">
                  <button
                    type="button"
                    className="btn btn--plain"
                    title="Move up"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                    <span className="visually-hidden">Move {row.language} up</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--plain"
                    title="Move down"
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="visually-hidden">Move {row.language} down</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn--plain"
                    disabled={row.isDefault}
                    onClick={() => change(rows.filter((r) => r !== row))}
                  >
                    Remove<span className="visually-hidden"> {row.language}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
              change([...rows, { language: adding, isDefault: false, enabled: true }]);
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
