import type { ListMember, MailingList } from '@store/api';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../api';
import { navigate } from '../router';
import { ListImport } from './list-import';
import { failureText, listsBase } from './lists-screen';

type Status = ListMember['status'];
type Page = { members: ListMember[]; total: number; page: number; pageCount: number };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const STATUS_LABEL: Record<Status, string> = {
  subscribed: 'Subscribed',
  pending: 'Pending confirmation',
  unsubscribed: 'Unsubscribed',
};

/** One list: its members (search, status, pages), add by hand, unsubscribe/remove, import, export. */
export function ListMembers(props: { list: MailingList; canEdit: boolean; onChanged(): void }) {
  const { list, canEdit } = props;
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [importing, setImporting] = useState(false);

  const load = useCallback(() => {
    call('GET /api/studio/marketing/lists/:listId/members', {
      params: { listId: list.id },
      query: { q: q.trim() || undefined, status: status || undefined, page },
    }).then(setData, (e) => setError(failureText(e)));
  }, [list.id, q, status, page]);
  useEffect(() => {
    const t = setTimeout(load, 200);
    return () => clearTimeout(t);
  }, [load]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setError('');
    try {
      await run();
      setNote(done);
      load();
      props.onChanged();
    } catch (e) {
      setError(failureText(e));
    }
  };
  const params = { listId: list.id };

  return (
    <div className="lists">
      <p>
        <a
          href={listsBase}
          onClick={(e) => {
            e.preventDefault();
            navigate(listsBase);
          }}
        >
          ← All lists
        </a>
      </p>
      <div className="panel__head">
        <h1>{list.name}</h1>
        <div className="lists__head-actions">
          <a className="btn btn--plain" href={`/api/studio/marketing/lists/${list.id}/export.csv`} download>
            Export CSV
          </a>
          {canEdit && (
            <button type="button" className="btn btn--plain" onClick={() => setImporting((v) => !v)}>
              Import CSV
            </button>
          )}
        </div>
      </div>
      <p className="muted">
        {list.subscribed} subscribed · {list.pending} pending · {list.unsubscribed} unsubscribed
        {list.doubleOptIn ? ' · double opt-in: new sign-ups confirm by e-mail first' : ''}
      </p>
      {importing && (
        <ListImport
          listId={list.id}
          onDone={() => {
            load();
            props.onChanged();
          }}
        />
      )}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {note && (
        <p className="lists__status" role="status">
          {note}
        </p>
      )}
      <div className="lists__toolbar">
        <input
          type="search"
          aria-label="Search by e-mail"
          placeholder="Search by e-mail"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          <option value="subscribed">Subscribed</option>
          <option value="pending">Pending</option>
          <option value="unsubscribed">Unsubscribed</option>
        </select>
        {canEdit && (
          <form
            className="lists__add"
            onSubmit={(e) => {
              e.preventDefault();
              void act(
                () => call('POST /api/studio/marketing/lists/:listId/members', { params, body: { email } }),
                `${email} added.`,
              ).then(() => setEmail(''));
            }}
          >
            <input
              type="email"
              aria-label="E-mail to add"
              placeholder="Add an e-mail"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={!email.trim()}>
              Add
            </button>
          </form>
        )}
      </div>
      <table className="lists__table lists__members">
        <thead>
          <tr>
            <th>E-mail</th>
            <th>Status</th>
            <th>Source</th>
            <th>Consent</th>
            {canEdit && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {data?.members.map((m) => (
            <tr key={m.id}>
              <td data-label="E-mail">{m.email}</td>
              <td data-label="Status">{STATUS_LABEL[m.status]}</td>
              <td data-label="Source">{m.source}</td>
              <td data-label="Consent">
                <span className="lists__consent">{m.consentSource}</span>
                <span className="muted"> {when(m.consentAt)}</span>
              </td>
              {canEdit && (
                <td className="lists__actions">
                  {m.status !== 'unsubscribed' && (
                    <button
                      type="button"
                      className="btn btn--plain"
                      onClick={() =>
                        act(
                          () =>
                            call('POST /api/studio/marketing/lists/:listId/members/:memberId/unsubscribe', {
                              params: { ...params, memberId: m.id },
                            }),
                          `${m.email} unsubscribed.`,
                        )
                      }
                    >
                      Unsubscribe
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn--plain btn--danger"
                    onClick={() =>
                      window.confirm(`Remove ${m.email} from this list?`) &&
                      act(
                        () =>
                          call('DELETE /api/studio/marketing/lists/:listId/members/:memberId', {
                            params: { ...params, memberId: m.id },
                          }),
                        `${m.email} removed.`,
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.members.length === 0 && (
        <p className="muted">{q || status ? 'Nobody matches.' : 'Nobody on this list yet.'}</p>
      )}
      {data && data.pageCount > 1 && (
        <nav className="lists__pager" aria-label="Pages">
          <button
            type="button"
            className="btn btn--plain"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>
            Page {data.page} of {data.pageCount} ({data.total})
          </span>
          <button
            type="button"
            className="btn btn--plain"
            disabled={page >= data.pageCount}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
