import type { TrackerEnv } from './env';

/** Reject message of a failed tracking XHR (spec §8), verbatim. */
export function httpStatusError(status: number): Error {
  return new Error(`Error tracking event: HTTP Status ${status}`);
}

/**
 * Send by beacon when the browser takes it (survives page unload), else by fetch with
 * keepalive. Resolves true when handed over; a fetch answering non-2xx rejects.
 */
export async function beacon(
  env: TrackerEnv,
  url: string,
  body: string | URLSearchParams,
  contentType: 'text/plain' | 'application/x-www-form-urlencoded',
): Promise<void> {
  if (env.sendBeacon) {
    try {
      if (env.sendBeacon(url, body)) return;
    } catch {
      // Fall through to fetch: some browsers throw for oversized or blocked beacons.
    }
  }
  const res = await env.fetch(url, {
    method: 'POST',
    body: String(body),
    headers: { 'content-type': contentType },
    credentials: 'same-origin',
    keepalive: true,
  });
  if (!res.ok) throw httpStatusError(res.status);
}

/** POST JSON and reject on a non-2xx status or after `timeoutMs` (census calls: 2.5 s). */
export async function postJson(
  env: TrackerEnv,
  url: string,
  payload: unknown,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<void> {
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  const timer =
    options.timeoutMs && controller ? env.setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  try {
    const res = await env.fetch(url, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...options.headers },
      credentials: 'same-origin',
      signal: controller?.signal,
    });
    if (!res.ok) throw httpStatusError(res.status);
  } finally {
    if (timer !== undefined) env.clearTimeout(timer);
  }
}
