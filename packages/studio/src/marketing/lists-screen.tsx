import { MAILING_LIST_MESSAGES as M, type MailingList } from '@store/api';
import { ApiFailure } from '@store/api/client';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { NETWORK_ERROR, call } from '../api';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { ListMembers } from './list-members';
import './lists.css';

export const listsBase = '/config/marketing/lists';
export const failureText = (e: unknown) => (e instanceof ApiFailure ? e.message : NETWORK_ERROR);

/**
 * Marketing → Mailing lists (docs/marketing.md): the lists sign-ups fill, with their counts;
 * make, rename and delete lists (never the default), switch double opt-in; one list's
 * members, import and export under `/config/marketing/lists/<id>`.
 */
export function ListsScreen({ rest }: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'marketing');
  const [lists, setLists] = useState<MailingList[] | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const load = useCallback(() => {
    call('GET /api/studio/marketing/lists').then(
      (a) => setLists(a.lists),
      (e) => setError(failureText(e)),
    );
  }, []);
  useEffect(load, [load]);

  const id = rest[0];
  if (!lists) return error ? <p role="alert">{error}</p> : <p className="muted">Loading mailing lists…</p>;
  const open = lists.find((l) => l.id === id);
  if (id && open) return <ListMembers list={open} canEdit={canEdit} onChanged={load} />;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const made = await call('POST /api/studio/marketing/lists', { body: { name, doubleOptIn: false } });
      setName('');
      setStatus(`List “${made.list.name}” created.`);
      load();
    } catch (e) {
      setError(failureText(e));
    }
  };
  const change = async (list: MailingList, body: { name?: string; doubleOptIn?: boolean }) => {
    setError('');
    try {
      await call('PUT /api/studio/marketing/lists/:listId', { params: { listId: list.id }, body });
      setStatus('Saved.');
      load();
    } catch (e) {
      setError(failureText(e));
    }
  };
  const rename = (list: MailingList) => {
    const next = window.prompt('New name of the list', list.name);
    if (next?.trim()) void change(list, { name: next.trim() });
  };
  const remove = async (list: MailingList) => {
    if (!window.confirm(`Delete the list “${list.name}” and its ${list.subscribed + list.pending} members?`))
      return;
    try {
      await call('DELETE /api/studio/marketing/lists/:listId', { params: { listId: list.id } });
      setStatus('List deleted.');
      load();
    } catch (e) {
      setError(failureText(e));
    }
  };

  return (
    <div className="lists">
      <div className="panel__head">
        <h1>Mailing lists</h1>
      </div>
      <p className="muted">
        Sign-ups from the popup, newsletter blocks, forms with an opt-in box, checkout’s “Keep me posted” box
        and restock notices join these lists, each with when and through what they agreed.
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="lists__status" role="status">
          {status}
        </p>
      )}
      {lists.length === 0 && <p className="muted">{M.noLists}</p>}
      <table className="lists__table">
        <thead>
          <tr>
            <th>List</th>
            <th>Subscribed</th>
            <th>Pending</th>
            <th>Unsubscribed</th>
            <th>Double opt-in</th>
            {canEdit && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {lists.map((l) => (
            <tr key={l.id}>
              <td data-label="List">
                <a
                  href={`${listsBase}/${l.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(`${listsBase}/${l.id}`);
                  }}
                >
                  {l.name}
                </a>
                {l.isDefault && <span className="lists__badge">default</span>}
              </td>
              <td data-label="Subscribed">{l.subscribed}</td>
              <td data-label="Pending">{l.pending}</td>
              <td data-label="Unsubscribed">{l.unsubscribed}</td>
              <td data-label="Double opt-in">
                <label className="lists__toggle">
                  <input
                    type="checkbox"
                    checked={l.doubleOptIn}
                    disabled={!canEdit}
                    onChange={(e) => change(l, { doubleOptIn: e.target.checked })}
                  />
                  <span>{l.doubleOptIn ? 'On' : 'Off'}</span>
                </label>
              </td>
              {canEdit && (
                <td className="lists__actions">
                  <button type="button" className="btn btn--plain" onClick={() => rename(l)}>
                    Rename
                  </button>
                  {!l.isDefault && (
                    <button type="button" className="btn btn--plain btn--danger" onClick={() => remove(l)}>
                      Delete
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {canEdit && (
        <form className="lists__create" onSubmit={create}>
          <label>
            New list
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              placeholder="e.g. VIP customers"
            />
          </label>
          <button type="submit" className="btn btn--primary" disabled={!name.trim()}>
            Create list
          </button>
        </form>
      )}
    </div>
  );
}
