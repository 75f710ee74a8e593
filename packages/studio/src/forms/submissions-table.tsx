import { useEffect, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList, ListToolbar, LoadMore, SearchBox } from '../components/list-kit';
import { useSettled } from '../components/use-paged-list';
import { useApiMutation, useApiPages } from '../data/api-query';
import { type Submission, dateText, submissionsCsvUrl } from './submissions-api';

const ROUTE = 'GET /api/owner/forms/:formId/submissions';

/** One form's submissions: search, select, delete (confirmed), export, "Load more". */
export function SubmissionsTable({ formId }: { formId: string }) {
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = useApiPages(
    ROUTE,
    { params: { formId }, query: { q: q || undefined } },
    { rows: (page) => page.submissions as Submission[], next: (page) => page.nextPageCursor },
  );
  // A new search is a new list: nothing of the old one stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the search changes
  useEffect(() => setSelected(new Set()), [q]);
  // Deleting refreshes this list and the picker's counts before it resolves.
  const remove = useApiMutation('DELETE /api/owner/forms/:formId/submissions', {
    invalidates: [ROUTE, 'GET /api/owner/forms'],
  });

  async function confirmRemove(ids: string[]) {
    const many = ids.length > 1;
    const ok = await confirmModal({
      title: many ? `Delete ${ids.length} submissions?` : 'Delete this submission?',
      message: 'Deleted submissions cannot be recovered. Export them first if you need a copy.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ params: { formId }, body: { ids } });
      setSelected(new Set());
    } catch {
      // remove.errorText says why, above the table.
    }
  }

  const head = list.first;
  const columns: Column<Submission>[] = [
    {
      key: 'submitted',
      header: 'Submitted',
      primary: true,
      className: 'submissions__date',
      cell: (r) => dateText(r.createdAt),
    },
    ...(head?.form.fields ?? []).map(
      (f, i): Column<Submission> => ({
        key: f.id,
        header: f.title,
        cell: (r) => {
          const cell = r.cells[i];
          return cell === head?.noAnswerText ? <span className="muted">{cell}</span> : cell;
        },
      }),
    ),
  ];

  return (
    <>
      <ListToolbar label="Find submissions">
        <SearchBox
          label="Search submissions"
          hideLabel
          placeholder="Search answers"
          value={typed}
          onChange={setTyped}
        />
        <div className="submissions__actions">
          <button
            type="button"
            className="btn btn--danger"
            disabled={selected.size === 0}
            onClick={() => confirmRemove([...selected])}
          >
            Delete selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </button>
          <a className="btn btn--plain" href={submissionsCsvUrl(formId, q)} download>
            Export CSV
          </a>
        </div>
      </ListToolbar>
      <div className="submissions__scroll">
        <DataList
          label="Submissions"
          className="submissions__table"
          rows={list.rows}
          columns={columns}
          rowKey={(r) => r.id}
          loading={list.loading}
          error={list.errorText || remove.errorText}
          empty={<p className="muted">{q ? 'No submissions match.' : 'No submissions yet.'}</p>}
          selection={{ selected, onChange: setSelected, rowLabel: () => 'Select submission' }}
          actions={(r) => (
            <button type="button" className="btn btn--plain" onClick={() => confirmRemove([r.id])}>
              Delete
            </button>
          )}
        />
      </div>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </>
  );
}
