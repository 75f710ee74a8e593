import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure, type PageStatus, type PageSummary, api } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';

const STATUSES: [PageStatus, string][] = [
  ['PUBLISHED', 'Published'],
  ['DRAFT', 'Draft'],
  ['SCHEDULED', 'Scheduled'],
  ['NEEDS_REVIEW', 'Needs Review'],
  ['PRIVATE', 'Private'],
];
const SEO_MAX = 250;
/** Statuses whose page visitors see (now, or at its time): the server's live case. */
const LIVE: PageStatus[] = ['PUBLISHED', 'SCHEDULED'];

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Page settings: title, navigation title, slug, SEO description, status, password, members-only. */
export function PageSettings({
  pageId,
  onSaved,
}: {
  pageId: string;
  onSaved(page: { urlId: string }): void;
}) {
  const [page, setPage] = useState<PageSummary | null>(null);
  const [password, setPassword] = useState('');
  const [lock, setLock] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  // Settings apply at once: without the right to publish, only a page visitors cannot see.
  const canPublish = mayChange(usePermissions(), 'publish');
  const [savedStatus, setSavedStatus] = useState<PageStatus | null>(null);
  useEffect(() => {
    api.pages().then(({ pages }) => {
      const found = pages.find((p) => p.id === pageId) ?? null;
      setPage(found);
      setSavedStatus(found?.status ?? null);
      setLock(Boolean(found?.passwordProtected));
    });
  }, [pageId]);
  if (!page) return <p className="loading">Loading…</p>;
  const readOnly = !canPublish && savedStatus !== null && LIVE.includes(savedStatus);
  const statuses = canPublish ? STATUSES : STATUSES.filter(([value]) => !LIVE.includes(value));
  const set = (patch: Partial<PageSummary>) => setPage({ ...page, ...patch });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!page) return;
    try {
      const saved = await api.savePageSettings(page.id, {
        title: page.title,
        navigationTitle: page.navigationTitle,
        urlId: page.urlId,
        seoDescription: page.seoDescription,
        status: page.status,
        publishAt:
          page.status === 'SCHEDULED' && page.publishAt ? new Date(page.publishAt).toISOString() : null,
        membersOnly: page.membersOnly,
        // Unchanged lock keeps the stored password; unlocking clears it.
        ...(lock ? (password ? { password } : {}) : { password: null }),
      });
      set({ urlId: saved.urlId });
      setSavedStatus(page.status);
      setError('');
      setMessage(
        saved.urlId === page.urlId ? 'Settings saved.' : `Settings saved. The address is /${saved.urlId}.`,
      );
      onSaved(saved);
    } catch (failure) {
      setMessage('');
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  return (
    <form className="settings" onSubmit={save} aria-label="Page settings">
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="note">
        {message}
      </p>
      {readOnly && (
        <p className="muted">
          This page is live: its settings change the site at once, so only someone who can publish changes
          them.
        </p>
      )}
      <fieldset className="settings__fields" disabled={readOnly}>
        <label htmlFor="set-title">Page title</label>
        <input id="set-title" value={page.title} onChange={(e) => set({ title: e.target.value })} />
        <label htmlFor="set-nav">Navigation title</label>
        <input
          id="set-nav"
          value={page.navigationTitle}
          onChange={(e) => set({ navigationTitle: e.target.value })}
        />
        <label htmlFor="set-slug">URL slug</label>
        <input
          id="set-slug"
          value={page.urlId}
          disabled={page.urlId === 'home'}
          onChange={(e) => set({ urlId: e.target.value })}
          aria-describedby="set-slug-help"
        />
        <small id="set-slug-help" className="muted">
          A taken address gets -1, -2…; under 3 characters becomes “page”.
        </small>
        <label htmlFor="set-seo">SEO description</label>
        <textarea
          id="set-seo"
          rows={3}
          maxLength={SEO_MAX}
          value={page.seoDescription}
          placeholder="Generated from the page content when empty"
          onChange={(e) => set({ seoDescription: e.target.value })}
          aria-describedby="set-seo-count"
        />
        <small id="set-seo-count" className="muted">
          {page.seoDescription.length} / {SEO_MAX}
        </small>
        <label htmlFor="set-status">Status</label>
        <select
          id="set-status"
          value={page.status}
          onChange={(e) => set({ status: e.target.value as PageStatus })}
        >
          {(readOnly ? STATUSES : statuses).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {page.status === 'SCHEDULED' && (
          <>
            <label htmlFor="set-publish-at">Publish at</label>
            <input
              id="set-publish-at"
              type="datetime-local"
              value={toLocalInput(page.publishAt)}
              onChange={(e) =>
                set({ publishAt: e.target.value ? new Date(e.target.value).toISOString() : null })
              }
            />
          </>
        )}
        <label className="check">
          <input type="checkbox" checked={lock} onChange={(e) => setLock(e.target.checked)} /> Lock with a
          password
        </label>
        {lock && (
          <>
            <label htmlFor="set-password">Page password</label>
            <input
              id="set-password"
              type="password"
              value={password}
              placeholder={page.passwordProtected ? '•••••• (unchanged)' : ''}
              onChange={(e) => setPassword(e.target.value)}
            />
          </>
        )}
        <label className="check">
          <input
            type="checkbox"
            checked={page.membersOnly}
            onChange={(e) => set({ membersOnly: e.target.checked })}
          />{' '}
          Members only
        </label>
      </fieldset>
      {!readOnly && (
        <button type="submit" className="btn btn--primary">
          Save settings
        </button>
      )}
    </form>
  );
}
