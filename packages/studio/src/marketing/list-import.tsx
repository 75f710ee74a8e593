import { LIST_IMPORT_MAX_BYTES, type ListImportResult, MAILING_LIST_MESSAGES as M } from '@store/api';
import { type FormEvent, useState } from 'react';
import { call } from '../api';
import { failureText } from './lists-screen';

/**
 * Import a CSV into a list: an e-mail column (other columns ignored), and the owner's word
 * that these people agreed (refused without it). Bad rows are listed by line; people who
 * unsubscribed stay unsubscribed.
 */
export function ListImport(props: { listId: string; onDone(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<ListImportResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setResult(null);
    if (!file) return;
    if (!consent) return setError(M.consentRequired);
    if (file.size > LIST_IMPORT_MAX_BYTES) return setError(M.fileTooLarge);
    setBusy(true);
    try {
      const csv = await file.text();
      const answer = await call('POST /api/studio/marketing/lists/:listId/import', {
        params: { listId: props.listId },
        body: { fileName: file.name, csv, consent: true },
      });
      setResult(answer);
      props.onDone();
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="lists__import" onSubmit={submit}>
      <h2>Import people from a CSV file</h2>
      <p className="muted">
        One row per person with an “email” column (other columns are ignored). Importing the same file again
        adds nobody twice, and people who unsubscribed stay unsubscribed.
      </p>
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <label className="lists__consent-tick">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        These people agreed to receive e-mail from me
      </label>
      <button type="submit" className="btn btn--primary" disabled={!file || busy}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div role="status" className="lists__result">
          <p>
            Added {result.added}; already on the list {result.alreadyMembers}; kept unsubscribed{' '}
            {result.keptUnsubscribed}
            {result.errors.length > 0 ? `; ${result.errors.length} rows skipped:` : '.'}
          </p>
          {result.errors.length > 0 && (
            <ul>
              {result.errors.slice(0, 50).map((e) => (
                <li key={e.row}>
                  Row {e.row} “{e.value}”: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
