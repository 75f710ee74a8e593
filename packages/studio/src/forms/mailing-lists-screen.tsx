import { useState } from 'react';
import { type Column, DataList, ListToolbar, LoadMore, SearchBox } from '../components/list-kit';
import { useSettled } from '../components/use-paged-list';
import { useApiPages } from '../data/api-query';
import { type ListName, type Subscriber, dateText, mailingCsvUrl } from './submissions-api';
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

const columns: Column<Subscriber>[] = [
  { key: 'email', header: 'E-mail', primary: true, cell: (s) => s.email },
  { key: 'source', header: 'Source', cell: (s) => SOURCE_LABELS[s.source] },
  { key: 'date', header: 'Signed up', className: 'submissions__date', cell: (s) => dateText(s.createdAt) },
  {
    key: 'status',
    header: 'Status',
    cell: (s) => (s.unsubscribed ? <span className="muted">Unsubscribed</span> : 'Subscribed'),
  },
];

/**
 * Forms → Mailing lists: newsletter subscribers and shoppers who ticked "join the mailing
 * list" on a restock notice, with search and CSV export (email, source, date, unsubscribed).
 */
export function MailingListsScreen(_props: { rest: string[] }) {
  const [list, setList] = useState<ListName>('all');
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const page = useApiPages(
    'GET /api/owner/mailing-lists/:list',
    { params: { list }, query: { q: q || undefined } },
    { rows: (p) => p.subscribers, next: (p) => p.nextPageCursor },
  );
  const counts = page.first?.counts;
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
      <ListToolbar label="Find subscribers">
        <SearchBox
          label="Search by e-mail"
          hideLabel
          placeholder="Search by e-mail"
          value={typed}
          onChange={setTyped}
        />
        <div className="submissions__actions">
          <a className="btn btn--plain" href={mailingCsvUrl(list)} download>
            Export CSV
          </a>
        </div>
      </ListToolbar>
      <div className="submissions__scroll">
        <DataList
          label="Subscribers"
          className="submissions__table"
          rows={page.rows}
          columns={columns}
          rowKey={(s) => `${s.source}:${s.email}`}
          loading={page.loading}
          error={page.errorText}
          empty={<p className="muted">{q ? 'Nobody matches.' : 'Nobody on this list yet.'}</p>}
        />
      </div>
      <LoadMore hasMore={page.hasMore} loading={page.loadingMore} onMore={page.loadMore} />
    </div>
  );
}
