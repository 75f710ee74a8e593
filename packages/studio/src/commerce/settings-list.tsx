import { useQuery } from '@tanstack/react-query';
import type { RouteKey } from '@store/api';
import { type ReactNode, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue } from 'react-hook-form';
import type { z } from 'zod';
import { confirmModal } from '../components/dialogs';
import { type SortState, type SortValue, shapeRows } from '../components/list-data';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation } from '../data/api-query';
import { failureText } from '../data/errors';
import { apiKey } from '../data/query-keys';
import { type DraftResult, draftSchema, useApiForm } from '../data/use-api-form';
import type { ListApi } from './settings-api';

export type Errors = Record<string, string>;

/** How one list section shows its rows and edits one of them. */
export interface ListSpec<Row extends { id: string }, Body, Draft extends FieldValues> {
  id: string;
  title: string;
  /** What "Add …" says, and the empty state. */
  noun: string;
  /** The GET route of the list (its query key; saves and deletes refresh it). */
  route: RouteKey;
  api: ListApi<Row, Body>;
  /** The API's schema of the body (@store/api): checked before anything is sent. */
  schema: z.ZodType;
  headers: string[];
  cells(row: Row): ReactNode[];
  /** What each column sorts by (same order as `headers`); without it the columns do not sort. */
  sortValues?(row: Row): SortValue[];
  /** What the confirm dialog calls a row. */
  label(row: Row): string;
  blank(): Draft;
  toDraft(row: Row): Draft;
  /** The request body, or the fields the form itself already knows are wrong (keyed by body path). */
  toBody(draft: Draft): DraftResult<Body>;
  /** The form fields (a render function, called with the draft being edited). */
  fields(props: { draft: Draft; set(patch: Partial<Draft>): void; errors: Errors }): ReactNode;
}

/** A list with add / edit / delete; the form opens under the list, errors shown by its fields. */
export function SettingsList<Row extends { id: string }, Body, Draft extends FieldValues>({
  spec,
}: {
  spec: ListSpec<Row, Body, Draft>;
}) {
  const rows = useQuery({ queryKey: apiKey(spec.route), queryFn: () => spec.api.list() });
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [general, setGeneral] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  // The section makes its spec afresh each render: the schema reads the latest one.
  const latest = useRef(spec);
  latest.current = spec;
  const [schema] = useState(() => draftSchema<Draft, Body>((d) => latest.current.toBody(d), spec.schema));
  const form = useApiForm(schema as never, spec.blank() as never, { fieldFor: (path) => path });

  const save = useApiMutation(spec.route, {
    send: ({ body, id }: { body: Body; id?: string }) => spec.api.save(body, id),
    invalidates: [spec.route],
  });
  const remove = useApiMutation(spec.route, {
    send: (id: string) => spec.api.remove(id),
    invalidates: [spec.route],
  });

  function open(id: string | undefined, draft: Draft) {
    setEditing({ id });
    form.reset(draft as never);
    setGeneral('');
    setStatus('');
  }

  const submit = form.submitWith(async (body) => {
    await save.mutateAsync({ body: body as Body, id: editing?.id });
    setEditing(null);
    setGeneral('');
    setStatus('Saved.');
  });

  async function confirmRemove(row: Row) {
    const ok = await confirmModal({
      title: `Delete ${spec.label(row)}?`,
      message: 'This cannot be undone.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      setStatus('Deleted.');
    } catch (failure) {
      setGeneral(failureText(failure));
    }
  }

  const columns: Column<Row>[] = spec.headers.map((header, i) => ({
    key: String(i),
    header,
    primary: i === 0,
    sortable: Boolean(spec.sortValues),
    cell: (row) => spec.cells(row)[i],
  }));
  const shown = shapeRows(rows.data ?? [], {
    sort,
    sortValue: (row, key) => spec.sortValues?.(row)[Number(key)],
  }).rows;
  const draft = form.watch() as unknown as Draft;
  const alert = general || (rows.error ? 'Unable to load. Try again.' : '') || form.formMessage;

  return (
    <section className="ss-section" id={spec.id}>
      <div className="ss-section__head">
        <h2>{spec.title}</h2>
        <button type="button" className="btn btn--plain" onClick={() => open(undefined, spec.blank())}>
          Add {spec.noun}
        </button>
      </div>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <p role="status" className="note">
        {status}
      </p>
      <DataList
        label={spec.title}
        rows={shown}
        columns={columns}
        rowKey={(row) => row.id}
        sort={sort}
        onSortChange={setSort}
        loading={rows.isPending}
        empty={<p className="ss-empty">No {spec.noun}s yet.</p>}
        rowClassName={(row) => (editing?.id === row.id ? 'ss-table__editing' : undefined)}
        actions={(row) => (
          <>
            <button type="button" className="btn btn--plain" onClick={() => open(row.id, spec.toDraft(row))}>
              Edit
            </button>
            <button type="button" className="btn btn--plain" onClick={() => confirmRemove(row)}>
              Delete
            </button>
          </>
        )}
      />
      {editing && (
        <form
          className="ss-form"
          onSubmit={submit}
          noValidate
          aria-label={`${editing.id ? 'Edit' : 'New'} ${spec.noun}`}
        >
          <h3>{editing.id ? `Edit ${spec.noun}` : `New ${spec.noun}`}</h3>
          {/* Called, not mounted: a spec made afresh by its section must not remount the inputs. */}
          {spec.fields({
            draft,
            set: (patch) => {
              for (const [name, value] of Object.entries(patch))
                form.setValue(name as Path<Draft> as never, value as PathValue<Draft, Path<Draft>> as never, {
                  shouldDirty: true,
                  shouldValidate: false,
                });
            },
            errors: form.errors,
          })}
          <div className="ss-form__actions">
            <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
              {editing.id ? 'Save' : `Add ${spec.noun}`}
            </button>
            <button type="button" className="btn btn--plain" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
