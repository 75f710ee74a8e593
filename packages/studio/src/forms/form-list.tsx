import { type FormEvent, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList, ListToolbar, SearchBox } from '../components/list-kit';
import type { SortState } from '../components/list-data';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { navigate } from '../router';
import { deleteFormMessage, shownForms } from './form-list-data';
import { type StudioFormSummary, fieldErrors, formPaths } from './forms-api';

const formsRoute = ['GET /api/studio/forms'] as const;

const columns: Column<StudioFormSummary>[] = [
  {
    key: 'name',
    header: 'Name',
    primary: true,
    sortable: true,
    cell: (form) => (
      <a
        href={formPaths.form(form.id)}
        onClick={(e) => {
          e.preventDefault();
          navigate(formPaths.form(form.id));
        }}
      >
        {form.name}
      </a>
    ),
  },
  { key: 'fields', header: 'Fields', sortable: true, align: 'end', cell: (form) => form.fieldCount },
  {
    key: 'submissions',
    header: 'Submissions',
    sortable: true,
    align: 'end',
    cell: (form) => form.submissionCount,
  },
];

/** The site's forms: open one in the builder, create a new one by name, delete (confirmed). */
export function FormList() {
  const forms = useApiQuery('GET /api/studio/forms', {});
  const create = useApiMutation('POST /api/studio/forms', { invalidates: formsRoute });
  const removeOne = useApiMutation('DELETE /api/studio/forms/:formId', { invalidates: formsRoute });
  const [alert, setAlert] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    try {
      const form = await create.mutateAsync({ body: { name, definition: { fields: [] } } });
      navigate(formPaths.form(form.id));
    } catch (failure) {
      const nameMessage = fieldErrors(failure).name ?? '';
      setNameError(nameMessage);
      if (!nameMessage) setAlert(failureText(failure));
    }
  }

  async function remove(form: StudioFormSummary) {
    const ok = await confirmModal({
      title: `Delete ${form.name}?`,
      message: deleteFormMessage(form),
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    setAlert('');
    try {
      await removeOne.mutateAsync({ params: { formId: form.id } });
    } catch (failure) {
      setAlert(failureText(failure));
    }
  }

  const all = forms.data?.forms ?? [];
  const rows = shownForms(all, { search, sort });
  const shownAlert = alert || forms.errorText;

  return (
    <section className="forms-list" aria-label="Forms">
      <h1>Forms</h1>
      {shownAlert && (
        <p className="alert" role="alert">
          {shownAlert}
        </p>
      )}
      <form className="forms-list__new" onSubmit={submit} noValidate>
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
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          + New form
        </button>
        {nameError && <p className="field-error">{nameError}</p>}
      </form>
      {all.length > 1 && (
        <ListToolbar label="Find forms">
          <SearchBox
            label="Search forms"
            hideLabel
            placeholder="Search by name"
            value={search}
            onChange={setSearch}
          />
        </ListToolbar>
      )}
      {forms.isPending ? (
        <p className="loading">Loading forms…</p>
      ) : (
        <DataList
          label="Forms"
          className="forms-table"
          rows={rows}
          columns={columns}
          rowKey={(form) => form.id}
          sort={sort}
          onSortChange={setSort}
          empty={<p className="muted">{search.trim() ? 'No forms match.' : 'No forms yet.'}</p>}
          actions={(form) => (
            <button
              type="button"
              className="btn btn--plain"
              aria-label={`Delete ${form.name}`}
              onClick={() => remove(form)}
            >
              Delete
            </button>
          )}
        />
      )}
    </section>
  );
}
