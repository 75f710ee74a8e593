import { useState } from 'react';
import { usePagedList, useSettled } from '../components/use-paged-list';
import { confirmModal } from '../components/dialogs';
import {
  type Submission,
  type SubmissionsPage,
  dateText,
  failureMessage,
  submissionsApi,
  submissionsCsvUrl,
} from './submissions-api';

type Head = Pick<SubmissionsPage, 'form' | 'noAnswerText'>;

/** One form's submissions: search, select, delete (confirmed), export, "Load more". */
export function SubmissionsTable(props: { formId: string; onCountChange(delta: number): void }) {
  const { formId } = props;
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const [head, setHead] = useState<Head | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { rows, setRows, loading, error, setError, hasMore, loadMore } = usePagedList<
    Submission,
    SubmissionsPage
  >(
    {
      fetch: (cursor) => submissionsApi.list(formId, { ...(q ? { q } : {}), cursor }),
      rows: (page) => page.submissions,
      next: (page) => page.nextPageCursor,
      failure: failureMessage,
      onFirstPage: (page) => {
        setHead({ form: page.form, noAnswerText: page.noAnswerText });
        setSelected(new Set());
      },
    },
    [formId, q],
  );

  async function remove(ids: string[]) {
    const many = ids.length > 1;
    const ok = await confirmModal({
      title: many ? `Delete ${ids.length} submissions?` : 'Delete this submission?',
      message: 'Deleted submissions cannot be recovered. Export them first if you need a copy.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      const { deleted } = await submissionsApi.remove(formId, ids);
      const gone = new Set(ids);
      setRows((list) => list.filter((r) => !gone.has(r.id)));
      setSelected(new Set());
      props.onCountChange(-deleted);
    } catch (e) {
      setError(failureMessage(e));
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const copy = new Set(s);
      if (copy.has(id)) copy.delete(id);
      else copy.add(id);
      return copy;
    });
  const allChosen = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const fields = head?.form.fields ?? [];

  return (
    <>
      <div className="submissions__tools">
        <label>
          <span className="visually-hidden">Search submissions</span>
          <input
            type="search"
            placeholder="Search answers"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn--danger"
          disabled={selected.size === 0}
          onClick={() => remove([...selected])}
        >
          Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </button>
        <a className="btn btn--plain" href={submissionsCsvUrl(formId, q)} download>
          Export CSV
        </a>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="submissions__scroll">
        <table className="submissions__table">
          <thead>
            <tr>
              <th scope="col" className="submissions__check">
                <input
                  type="checkbox"
                  aria-label="Select all shown"
                  checked={allChosen}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)))}
                />
              </th>
              <th scope="col">Submitted</th>
              {fields.map((f) => (
                <th key={f.id} scope="col">
                  {f.title}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={selected.has(r.id) ? 'is-selected' : undefined}>
                <td className="submissions__check">
                  <input
                    type="checkbox"
                    aria-label="Select submission"
                    checked={selected.has(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                </td>
                <td className="submissions__date">{dateText(r.createdAt)}</td>
                {r.cells.map((cell, i) => (
                  <td
                    key={fields[i]?.id ?? i}
                    className={cell === head?.noAnswerText ? 'muted' : undefined}
                    data-label={fields[i]?.title}
                  >
                    {cell}
                  </td>
                ))}
                <td>
                  <button type="button" className="btn btn--plain" onClick={() => remove([r.id])}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!loading && rows.length === 0 && !error && (
        <p className="muted">{q ? 'No submissions match.' : 'No submissions yet.'}</p>
      )}
      {loading && <p className="loading">Loading…</p>}
      {hasMore && !loading && (
        <button type="button" className="btn btn--plain" onClick={loadMore}>
          Load more
        </button>
      )}
    </>
  );
}
