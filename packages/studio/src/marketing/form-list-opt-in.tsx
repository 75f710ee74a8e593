import { MAILING_LIST_MESSAGES as M, type MailingList } from '@store/api';
import { useEffect, useState } from 'react';
import { call } from '../api';
import { failureText } from './lists-screen';

type Field = { id: string; type: string; title?: string };

/**
 * A form's mailing-list opt-in (form builder → Storage): which e-mail field joins which list
 * when which checkbox is ticked. Saved on its own, for a saved form; the fields are the
 * saved form's (new fields appear after saving the form).
 */
export function FormListOptIn({ formId, fields }: { formId: string; fields: readonly Field[] }) {
  const [lists, setLists] = useState<MailingList[] | null>(null);
  const [listId, setListId] = useState('');
  const [emailFieldId, setEmailFieldId] = useState('');
  const [optInFieldId, setOptInFieldId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    call('GET /api/studio/marketing/lists').then(
      (a) => setLists(a.lists),
      (e) => setError(failureText(e)),
    );
    call('GET /api/studio/marketing/forms/:formId/opt-in', { params: { formId } }).then(
      (a) => {
        setListId(a.optIn?.listId ?? '');
        setEmailFieldId(a.optIn?.emailFieldId ?? '');
        setOptInFieldId(a.optIn?.optInFieldId ?? '');
        setLoaded(true);
      },
      (e) => setError(failureText(e)),
    );
  }, [formId]);

  const emails = fields.filter((f) => f.type === 'email');
  const boxes = fields.filter((f) => f.type === 'checkbox');
  const save = async (off = false) => {
    setError('');
    setNote('');
    if (!off && !listId) return setError(M.listRequired);
    try {
      await call('PUT /api/studio/marketing/forms/:formId/opt-in', {
        params: { formId },
        body: { optIn: off ? null : { listId, emailFieldId, optInFieldId } },
      });
      if (off) {
        setListId('');
        setEmailFieldId('');
        setOptInFieldId('');
      }
      setNote(off ? 'Opt-in switched off.' : 'Opt-in saved.');
    } catch (e) {
      setError(failureText(e));
    }
  };

  return (
    <fieldset className="form-settings form-opt-in">
      <legend>Mailing list opt-in</legend>
      <p className="muted">
        When the visitor ticks the opt-in box, the e-mail they entered joins the list, with this form as the
        record of their consent. Unticked, nothing joins.
      </p>
      {lists && lists.length === 0 && <p className="muted">{M.noLists}</p>}
      <label htmlFor="opt-in-list">List</label>
      <select id="opt-in-list" disabled={!loaded} value={listId} onChange={(e) => setListId(e.target.value)}>
        <option value="">Choose a list</option>
        {lists?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      <label htmlFor="opt-in-email">E-mail field</label>
      <select
        id="opt-in-email"
        disabled={!loaded}
        value={emailFieldId}
        onChange={(e) => setEmailFieldId(e.target.value)}
      >
        <option value="">Choose the e-mail field</option>
        {emails.map((f) => (
          <option key={f.id} value={f.id}>
            {f.title || f.id}
          </option>
        ))}
      </select>
      <label htmlFor="opt-in-box">Opt-in checkbox</label>
      <select
        id="opt-in-box"
        disabled={!loaded}
        value={optInFieldId}
        onChange={(e) => setOptInFieldId(e.target.value)}
      >
        <option value="">Choose the checkbox field</option>
        {boxes.map((f) => (
          <option key={f.id} value={f.id}>
            {f.title || f.id}
          </option>
        ))}
      </select>
      <div className="form-opt-in__actions">
        <button type="button" className="btn btn--primary" disabled={!loaded} onClick={() => save()}>
          Save opt-in
        </button>
        <button type="button" className="btn btn--plain" onClick={() => save(true)}>
          Switch off
        </button>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {note && <p role="status">{note}</p>}
    </fieldset>
  );
}
