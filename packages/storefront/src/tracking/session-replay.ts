import {
  AUTOMATED_MOCK_ID,
  SESSION_REPLAY_LIMITS,
  deviceAllowsRecording,
  isRecordingId,
} from '@store/api/session-replay-rule';

/** Where the visit's answer is kept: asked once per visit, not on every page. */
const ANSWER_KEY = 'sf_replay_id';

interface ReplayStartContext {
  /** The ss_cvr value of this page's visit (the answer is reused while it is the same). */
  visitorRecord: string;
  console: Pick<Console, 'error'>;
}

function remembered(visitorRecord: string): string | null {
  try {
    const [record, id] = JSON.parse(sessionStorage.getItem(ANSWER_KEY) ?? 'null') ?? [];
    return record === visitorRecord && typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function remember(visitorRecord: string, id: string): void {
  try {
    sessionStorage.setItem(ANSWER_KEY, JSON.stringify([visitorRecord, id]));
  } catch {
    // Private mode: the next page asks again.
  }
}

async function recordingId(ctx: ReplayStartContext): Promise<string> {
  const known = remembered(ctx.visitorRecord);
  if (known) return known;
  const webdriver = navigator.webdriver ? '1' : '0';
  const res = await fetch(`/api/commerce/fullstory/getId?webdriver=${webdriver}`, {
    credentials: 'same-origin',
  });
  const id: unknown = res.ok ? await res.json() : AUTOMATED_MOCK_ID;
  const answer = typeof id === 'string' ? id : AUTOMATED_MOCK_ID;
  if (res.ok) remember(ctx.visitorRecord, answer);
  return answer;
}

/**
 * Session recording (spec §4, docs/session-replay.md): only in an America/* time zone on a
 * device with more than 2 cores, and only when the server answers a real recording id (the
 * owner's toggle is on, the store is in the US, the client is not automated). The recorder
 * and rrweb are a chunk of their own, loaded only then. Failures are logged only (spec §9).
 */
export function startSessionReplay(ctx: ReplayStartContext): void {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!deviceAllowsRecording({ timeZone, cpuCores: navigator.hardwareConcurrency })) return;
  recordingId(ctx)
    .then(async (id) => {
      if (!isRecordingId(id)) return;
      const recorder = await import('./session-recorder');
      recorder.startRecorder({
        recordingId: id,
        endpoint: '/api/session-replay/events',
        maxBodyBytes: SESSION_REPLAY_LIMITS.bodyBytes,
        maxEvents: SESSION_REPLAY_LIMITS.eventsPerBatch,
      });
    })
    .catch((error: unknown) => ctx.console.error(error instanceof Error ? error.message : error));
}
