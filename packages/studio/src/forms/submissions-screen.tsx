import { useApiQuery } from '../data/api-query';
import { navigate } from '../router';
import { submissionsPath } from './submissions-api';
import { SubmissionsTable } from './submissions-table';
import './submissions.css';

/**
 * Forms → Submissions: pick a form (`rest[0]` is its id), then its answers by field label
 * with search, delete and CSV export. The first form with submissions is opened by default.
 */
export function SubmissionsScreen({ rest }: { rest: string[] }) {
  // The counts change as visitors submit: asked again on every visit.
  const answer = useApiQuery('GET /api/owner/forms', {}, { staleTime: 0 });
  const forms = answer.data?.forms ?? null;
  const error = answer.errorText;
  const [chosen] = rest;

  const formId = chosen ?? forms?.find((f) => f.submissions > 0)?.id ?? forms?.[0]?.id;
  const form = forms?.find((f) => f.id === formId);

  return (
    <div className="submissions">
      <div className="panel__head">
        <h1>Submissions</h1>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {forms === null && !error && <p className="loading">Loading…</p>}
      {forms && forms.length === 0 && <p className="muted">No forms yet. Build one under Forms.</p>}
      {forms && forms.length > 0 && (
        <label className="submissions__picker">
          Form
          <select value={formId ?? ''} onChange={(e) => navigate(submissionsPath(e.target.value))}>
            {forms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} ({f.submissions})
              </option>
            ))}
          </select>
        </label>
      )}
      {forms && chosen && !form && <p className="alert">That form no longer exists.</p>}
      {form && <SubmissionsTable key={form.id} formId={form.id} />}
    </div>
  );
}
