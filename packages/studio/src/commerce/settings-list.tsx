import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { failureMessages, type ListApi } from './settings-api';

export type Errors = Record<string, string>;

/** How one list section shows its rows and edits one of them. */
export interface ListSpec<Row extends { id: string }, Body, Draft> {
  id: string;
  title: string;
  /** What "Add …" says, and the empty state. */
  noun: string;
  api: ListApi<Row, Body>;
  headers: string[];
  cells(row: Row): ReactNode[];
  /** What the confirm dialog calls a row. */
  label(row: Row): string;
  blank(): Draft;
  toDraft(row: Row): Draft;
  /** The request body, or the fields the form itself already knows are wrong. */
  toBody(draft: Draft): { ok: true; body: Body } | { ok: false; errors: Errors };
  /** The form fields (a render function, called with the draft being edited). */
  fields(props: { draft: Draft; set(patch: Partial<Draft>): void; errors: Errors }): ReactNode;
}

/** A list with add / edit / delete; the form opens under the list, errors shown by its fields. */
export function SettingsList<Row extends { id: string }, Body, Draft>({
  spec,
}: {
  spec: ListSpec<Row, Body, Draft>;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState('');
  const [status, setStatus] = useState('');

  const reload = () =>
    spec.api
      .list()
      .then(setRows)
      .catch(() => setGeneral('Unable to load. Try again.'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per section.
  useEffect(() => {
    reload();
  }, []);

  function open(id: string | undefined, draft: Draft) {
    setEditing({ id, draft });
    setErrors({});
    setGeneral('');
    setStatus('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const checked = spec.toBody(editing.draft);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await spec.api.save(checked.body, editing.id);
      setEditing(null);
      setErrors({});
      setGeneral('');
      setStatus('Saved.');
      await reload();
    } catch (failure) {
      const { fields, general: message } = failureMessages(failure);
      setErrors(fields);
      setGeneral(message);
    }
  }

  async function remove(row: Row) {
    const ok = await confirmModal({
      title: `Delete ${spec.label(row)}?`,
      message: 'This cannot be undone.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await spec.api.remove(row.id);
      setStatus('Deleted.');
      await reload();
    } catch (failure) {
      setGeneral(failureMessages(failure).general || 'Something went wrong');
    }
  }

  return (
    <section className="ss-section" id={spec.id}>
      <div className="ss-section__head">
        <h2>{spec.title}</h2>
        <button type="button" className="btn btn--plain" onClick={() => open(undefined, spec.blank())}>
          Add {spec.noun}
        </button>
      </div>
      {general && (
        <p className="alert" role="alert">
          {general}
        </p>
      )}
      <p role="status" className="note">
        {status}
      </p>
      {rows === null ? (
        <p className="loading">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="ss-empty">No {spec.noun}s yet.</p>
      ) : (
        <table className="ss-table">
          <thead>
            <tr>
              {spec.headers.map((h) => (
                <th key={h}>{h}</th>
              ))}
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={editing?.id === row.id ? 'ss-table__editing' : undefined}>
                {spec.cells(row).map((cell, i) => (
                  <td key={spec.headers[i]}>{cell}</td>
                ))}
                <td className="ss-table__actions">
                  <button
                    type="button"
                    className="btn btn--plain"
                    onClick={() => open(row.id, spec.toDraft(row))}
                  >
                    Edit
                  </button>
                  <button type="button" className="btn btn--plain" onClick={() => remove(row)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
            draft: editing.draft,
            set: (patch) => setEditing({ ...editing, draft: { ...editing.draft, ...patch } }),
            errors,
          })}
          <div className="ss-form__actions">
            <button type="submit" className="btn btn--primary">
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
