import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { navigate } from '../router';
import { type StudioFormSummary, failureMessage, fieldErrors, formPaths, formsApi } from './forms-api';

/** The site's forms: open one in the builder, create a new one by name, delete (confirmed). */
export function FormList() {
  const [forms, setForms] = useState<StudioFormSummary[] | null>(null);
  const [alert, setAlert] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setForms((await formsApi.list()).forms);
    } catch (failure) {
      setAlert(failureMessage(failure));
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const form = await formsApi.create({ name, definition: { fields: [] } });
      navigate(formPaths.form(form.id));
    } catch (failure) {
      setNameError(fieldErrors(failure).name ?? '');
      if (!fieldErrors(failure).name) setAlert(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(form: StudioFormSummary) {
    const ok = await confirmModal({
      title: `Delete ${form.name}?`,
      message:
        form.submissionCount > 0
          ? `Its ${form.submissionCount} submissions are deleted too, and pages that show it show nothing. This cannot be undone.`
          : 'Pages that show it show nothing. This cannot be undone.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await formsApi.remove(form.id);
      await load();
    } catch (failure) {
      setAlert(failureMessage(failure));
    }
  }

  return (
    <section className="forms-list" aria-label="Forms">
      <h1>Forms</h1>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <form className="forms-list__new" onSubmit={create} noValidate>
        <label htmlFor="new-form-name">New form</label>
        <input
          id="new-form-name"
          value={name}
          placeholder="Form name"
          aria-invalid={Boolean(nameError)}
          onChange={(e) => {
            setName(e.target.value);
            setNameError('');
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          + New form
        </button>
        {nameError && <p className="field-error">{nameError}</p>}
      </form>
      {!forms ? (
        <p className="loading">Loading forms…</p>
      ) : forms.length === 0 ? (
        <p className="muted">No forms yet.</p>
      ) : (
        <table className="forms-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Fields</th>
              <th scope="col">Submissions</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {forms.map((form) => (
              <tr key={form.id}>
                <td>
                  <a
                    href={formPaths.form(form.id)}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(formPaths.form(form.id));
                    }}
                  >
                    {form.name}
                  </a>
                </td>
                <td>{form.fieldCount}</td>
                <td>{form.submissionCount}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--plain"
                    aria-label={`Delete ${form.name}`}
                    onClick={() => remove(form)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
