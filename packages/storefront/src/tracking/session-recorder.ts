import { record } from 'rrweb';

/**
 * The session recorder (loaded only for a recorded visit): rrweb with every input masked and
 * the payment card fields blocked (recorded as an empty box of the same size, never their
 * content or keystrokes). Events go to the server in batches every few seconds and when the
 * page is hidden. It imports nothing of the entry chunk: its settings come as arguments.
 */

/** The card entry (the built-in card form and Stripe's card element with its iframe). */
export const PAYMENT_BLOCK_SELECTOR =
  '.card-form, .stripe-card, [data-testid="card-form"], [data-testid="stripe-card-form"], iframe[src*="stripe"]';

const FLUSH_MS = 5_000;
/** sendBeacon and keepalive fetches carry at most 64 KiB. */
const BEACON_BYTES = 60 * 1024;

export interface RecorderOptions {
  recordingId: string;
  endpoint: string;
  maxBodyBytes: number;
  maxEvents: number;
}

function deviceOf(width: number): 'mobile' | 'tablet' | 'desktop' {
  if (width < 768) return 'mobile';
  return width < 1024 ? 'tablet' : 'desktop';
}

function pageLoadId(): string {
  const random =
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Math.random()}${Date.now()}`;
  return random.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
}

export function startRecorder(options: RecorderOptions): () => void {
  const page = pageLoadId();
  let seq = 0;
  let buffer: unknown[] = [];
  let bytes = 0;

  const flush = (leaving: boolean) => {
    if (buffer.length === 0) return;
    const body = JSON.stringify({
      recordingId: options.recordingId,
      pageLoadId: page,
      seq: seq++,
      url: location.href,
      device: deviceOf(window.innerWidth),
      events: buffer,
    });
    buffer = [];
    bytes = 0;
    if (body.length > options.maxBodyBytes) {
      console.error('session recording: a batch was too large and was dropped');
      return;
    }
    if (leaving && body.length < BEACON_BYTES && navigator.sendBeacon?.(options.endpoint, body)) return;
    fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      keepalive: body.length < BEACON_BYTES,
      body,
    }).catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  };

  const stop = record({
    emit(event) {
      buffer.push(event);
      bytes += JSON.stringify(event).length;
      if (buffer.length >= options.maxEvents || bytes >= options.maxBodyBytes / 2) flush(false);
    },
    maskAllInputs: true,
    blockSelector: PAYMENT_BLOCK_SELECTOR,
    recordCanvas: false,
    collectFonts: false,
    sampling: { mousemove: 100, scroll: 150, input: 'last' },
  });
  const timer = setInterval(() => flush(false), FLUSH_MS);
  const hidden = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const leave = () => flush(true);
  document.addEventListener('visibilitychange', hidden);
  addEventListener('pagehide', leave);
  return () => {
    stop?.();
    clearInterval(timer);
    document.removeEventListener('visibilitychange', hidden);
    removeEventListener('pagehide', leave);
    flush(true);
  };
}
