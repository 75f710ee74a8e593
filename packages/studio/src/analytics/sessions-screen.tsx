import type { ApiOutput } from '@store/api/client';
import { lazy, Suspense } from 'react';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { mayChange, usePermissions } from '../settings/people-api';
import { leaveTo } from '../unsaved-guard';
import './analytics.css';
import './sessions.css';

type Session = ApiOutput<'GET /api/analytics/sessions'>['sessions'][number];

const SessionPlayer = lazy(() => import('./session-player').then((m) => ({ default: m.SessionPlayer })));

const SETTINGS = 'GET /api/analytics/session-replay/settings' as const;
const LIST = 'GET /api/analytics/sessions' as const;

/** "3 min 05 s", "42 s". */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Analytics → Sessions: the "Record sessions" setting, the recorded visits (times, pages,
 * device; nothing personal) and, at `/config/analytics/sessions/<id>`, the player.
 */
export function SessionsScreen({ rest }: { rest: string[] }) {
  const [selected] = rest;
  if (selected) return <SessionView recordingId={selected} />;
  return <SessionList />;
}

function RecordToggle() {
  const canChange = mayChange(usePermissions(), 'analytics');
  const settings = useApiQuery(SETTINGS, {});
  const save = useApiMutation('PUT /api/analytics/session-replay/settings', {
    invalidates: [SETTINGS, LIST],
  });
  // While saving, the box shows the choice just made (the answer confirms it).
  const enabled = save.isPending
    ? (save.variables?.body.enabled ?? false)
    : (settings.data?.enabled ?? false);
  return (
    <section className="analytics__card sessions__setting" aria-label="Session recording">
      <label className="sessions__toggle">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!canChange || !settings.data}
          onChange={(e) => save.mutate({ body: { enabled: e.currentTarget.checked } })}
        />
        <span>Record sessions</span>
      </label>
      <p className="meta">
        Records visits from the US (store country US, visitor time zone in the Americas, devices with more
        than 2 CPU cores). Everything typed is masked and card fields are never recorded. Recordings are kept
        as long as other analytics data.
      </p>
      {(save.errorText || settings.errorText) && (
        <p className="analytics__error" role="alert">
          {save.errorText || settings.errorText}
        </p>
      )}
    </section>
  );
}

function SessionList() {
  const list = useApiQuery(LIST, { query: { limit: 100 } });
  const sessions = list.data?.sessions ?? [];
  return (
    <div className="analytics sessions">
      <header className="analytics__head">
        <h1>Sessions</h1>
      </header>
      <RecordToggle />
      {list.errorText && (
        <p className="analytics__error" role="alert">
          {list.errorText}
        </p>
      )}
      {list.isLoading && <p className="loading">Loading sessions…</p>}
      {list.data && sessions.length === 0 && (
        <p className="analytics__empty">
          {list.data.enabled
            ? 'No recorded sessions yet. They appear here a few seconds after a visit starts.'
            : 'Session recording is off. Turn on “Record sessions” to see how visitors use your store.'}
        </p>
      )}
      {sessions.length > 0 && (
        <section className="analytics__card" aria-label="Recorded sessions">
          <table className="sessions__table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">Pages</th>
                <th scope="col" className="sessions__wide">
                  Path
                </th>
                <th scope="col">Device</th>
                <th scope="col">Country</th>
                <th scope="col">
                  <span className="visually-hidden">Replay</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <SessionRow key={s.recordingId} s={s} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function SessionRow({ s }: { s: Session }) {
  const href = `/config/analytics/sessions/${encodeURIComponent(s.recordingId)}`;
  return (
    <tr data-session={s.recordingId}>
      <td>{new Date(s.startedAt).toLocaleString()}</td>
      <td>{durationText(s.durationMs)}</td>
      <td>{s.pages}</td>
      <td className="sessions__wide sessions__paths">{s.paths.join(' → ')}</td>
      <td>{s.device ?? '—'}</td>
      <td>{s.country ?? '—'}</td>
      <td>
        <a
          className="btn"
          href={href}
          onClick={(e) => {
            e.preventDefault();
            leaveTo(href);
          }}
        >
          Replay
        </a>
      </td>
    </tr>
  );
}

function SessionView({ recordingId }: { recordingId: string }) {
  const answer = useApiQuery('GET /api/analytics/sessions/:recordingId/events', { params: { recordingId } });
  const back = '/config/analytics/sessions';
  return (
    <div className="analytics sessions">
      <header className="analytics__head">
        <h1>Session replay</h1>
        <a
          href={back}
          onClick={(e) => {
            e.preventDefault();
            leaveTo(back);
          }}
        >
          ← All sessions
        </a>
      </header>
      {answer.errorText && (
        <p className="analytics__error" role="alert">
          {answer.errorText}
        </p>
      )}
      {answer.isLoading && <p className="loading">Loading the recording…</p>}
      {answer.data && (
        <Suspense fallback={<p className="loading">Loading the player…</p>}>
          <SessionPlayer events={answer.data.events} />
        </Suspense>
      )}
    </div>
  );
}
