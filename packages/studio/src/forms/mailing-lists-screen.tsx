import { useState } from 'react';
import { usePagedList, useSettled } from '../components/use-paged-list';
import {
  type ListName,
  type ListPage,
  type Subscriber,
  dateText,
  failureMessage,
  mailingCsvUrl,
  submissionsApi,
} from './submissions-api';
import './submissions.css';

const LISTS: { id: ListName; label: string }[] = [
  { id: 'all', label: 'Everyone' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'restock', label: 'Restock opt-ins' },
];
const SOURCE_LABELS: Record<Subscriber['source'], string> = {
  newsletter: 'Newsletter sign-up',
  restock: 'Restock notice (joined the list)',
};

/**
 * Forms → Mailing lists: newsletter subscribers and shoppers who ticked "join the mailing
 * list" on a restock notice, with search and CSV export (email, source, date, unsubscribed).
 */
export function MailingListsScreen(_props: { rest: string[] }) {
  const [list, setList] = useState<ListName>('all');
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const [counts, setCounts] = useState<ListPage['counts'] | null>(null);
  const { rows, loading, error, hasMore, loadMore } = usePagedList(
    {
      fetch: (cursor) => submissionsApi.mailingList(list, { ...(q ? { q } : {}), cursor }),
      rows: (page) => page.subscribers,
      next: (page) => page.nextPageCursor,
      failure: failureMessage,
      onFirstPage: (page) => setCounts(page.counts),
    },
    [list, q],
  );

  const countOf = (id: ListName) =>
    counts ? (id === 'all' ? counts.newsletter + counts.restock : counts[id]) : undefined;

  return (
    <div className="submissions">
      <div className="panel__head">
        <h1>Mailing lists</h1>
      </div>
      <div className="submissions__counts">
        {LISTS.map((l) => (
          <button
            key={l.id}
            type="button"
            className="btn btn--plain"
            aria-pressed={list === l.id}
            onClick={() => setList(l.id)}
          >
            {l.label}
            {countOf(l.id) !== undefined && ` (${countOf(l.id)})`}
          </button>
        ))}
      </div>
      <div className="submissions__tools">
        <label>
          <span className="visually-hidden">Search by e-mail</span>
          <input
            type="search"
            placeholder="Search by e-mail"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <a className="btn btn--plain" href={mailingCsvUrl(list)} download>
          Export CSV
        </a>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {rows.length > 0 && (
        <div className="submissions__scroll">
          <table className="submissions__table">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Source</th>
                <th scope="col">Signed up</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={`${s.source}:${s.email}`}>
                  <td>{s.email}</td>
                  <td>{SOURCE_LABELS[s.source]}</td>
                  <td className="submissions__date">{dateText(s.createdAt)}</td>
                  <td className={s.unsubscribed ? 'muted' : undefined}>
                    {s.unsubscribed ? 'Unsubscribed' : 'Subscribed'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && rows.length === 0 && !error && (
        <p className="muted">{q ? 'Nobody matches.' : 'Nobody on this list yet.'}</p>
      )}
      {loading && <p className="loading">Loading…</p>}
      {hasMore && !loading && (
        <button type="button" className="btn btn--plain" onClick={loadMore}>
          Load more
        </button>
      )}
    </div>
  );
}
