import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure, type HeaderFooter, api } from '../api';
import { confirmModal } from '../components/dialogs';

/** Header and footer editor: saved with PUT /api/site-header-footer, shown on every page. */
export function HeaderFooterPanel({ onSiteChanged }: { onSiteChanged(): void }) {
  const [value, setValue] = useState<HeaderFooter | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    api
      .headerFooter()
      .then(setValue)
      .catch(() => setError('Unable to load. Try again.'));
  }, []);
  if (!value) return error ? <p className="alert">{error}</p> : <p className="loading">Loading…</p>;

  const header = (patch: Partial<HeaderFooter['header']>) =>
    setValue({ ...value, header: { ...value.header, ...patch } });
  const footer = (patch: Partial<HeaderFooter['footer']>) =>
    setValue({ ...value, footer: { ...value.footer, ...patch } });
  const link = (i: number, patch: Partial<{ title: string; href: string }>) =>
    footer({ links: value.footer.links.map((l, j) => (j === i ? { ...l, ...patch } : l)) });

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      setValue(await api.saveHeaderFooter(value!));
      setError('');
      setMessage('Header and footer saved.');
      onSiteChanged();
    } catch (failure) {
      setMessage('');
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  return (
    <form className="hf-panel" onSubmit={save}>
      <div className="panel__head">
        <h1>Header &amp; footer</h1>
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
      <fieldset>
        <legend>Header</legend>
        <label htmlFor="hf-title">Site title</label>
        <input
          id="hf-title"
          value={value.header.siteTitle}
          onChange={(e) => header({ siteTitle: e.target.value })}
        />
        <label htmlFor="hf-tagline">Tagline</label>
        <input
          id="hf-tagline"
          value={value.header.tagline}
          onChange={(e) => header({ tagline: e.target.value })}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={value.header.showCart !== false}
            onChange={(e) => header({ showCart: e.target.checked })}
          />{' '}
          Show the cart in the header
        </label>
      </fieldset>
      <fieldset>
        <legend>Footer</legend>
        <label htmlFor="hf-footer-text">Footer text</label>
        <textarea
          id="hf-footer-text"
          rows={3}
          value={value.footer.text}
          onChange={(e) => footer({ text: e.target.value })}
        />
        {value.footer.links.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: links have no id; the index is their identity while editing.
          <div className="hf-link" key={i}>
            <label htmlFor={`hf-link-title-${i}`}>Link {i + 1} text</label>
            <input
              id={`hf-link-title-${i}`}
              value={l.title}
              onChange={(e) => link(i, { title: e.target.value })}
            />
            <label htmlFor={`hf-link-href-${i}`}>Link {i + 1} address</label>
            <input
              id={`hf-link-href-${i}`}
              value={l.href}
              onChange={(e) => link(i, { href: e.target.value })}
            />
            <button
              type="button"
              className="btn btn--plain"
              aria-label={`Remove link ${i + 1}`}
              onClick={async () => {
                const ok = await confirmModal({
                  title: 'Remove this link?',
                  message: `"${l.title}" is removed from the footer when you save.`,
                  confirmLabel: 'Remove',
                });
                if (ok) footer({ links: value.footer.links.filter((_, j) => j !== i) });
              }}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--plain"
          onClick={() => footer({ links: [...value.footer.links, { title: '', href: '/' }] })}
        >
          Add a footer link
        </button>
      </fieldset>
    </form>
  );
}
