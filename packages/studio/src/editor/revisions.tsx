import type { PageLayout } from '../api';
import { confirmModal } from '../components/dialogs';

/** Published revisions, newest first; restoring one copies it into the draft. */
export function Revisions({
  revisions,
  onRestore,
}: {
  revisions: PageLayout['revisions'];
  onRestore(id: string): Promise<void>;
}) {
  if (!revisions.length) return <p className="muted">No published revisions yet. Publish to keep one.</p>;
  return (
    <ol className="revisions">
      {revisions.map((r) => {
        const when = new Date(r.createdAt).toLocaleString();
        return (
          <li key={r.id} className="row">
            <span className="row__title">
              {when}
              {r.live && <span className="badge badge--live">Live</span>}
            </span>
            <button
              type="button"
              className="btn btn--plain"
              aria-label={`Restore the revision of ${when}`}
              onClick={async () => {
                const ok = await confirmModal({
                  title: 'Restore this revision?',
                  message: 'Your current draft is replaced by this revision. Publish to make it live.',
                  confirmLabel: 'Restore',
                });
                if (ok) await onRestore(r.id);
              }}
            >
              Restore
            </button>
          </li>
        );
      })}
    </ol>
  );
}
