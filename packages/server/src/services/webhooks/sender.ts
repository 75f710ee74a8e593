import http from 'node:http';
import https from 'node:https';
import { type Resolver, checkHost, guardedLookup } from './address-guard';

export interface SendOptions {
  allowPrivate: boolean;
  /** Answer within this time or the attempt fails (default 10 s). */
  timeoutMs?: number;
  resolve?: Resolver;
}

export type SendResult =
  | { ok: true; status: number; durationMs: number }
  | { ok: false; status: number | null; durationMs: number; error: string };

/** Read at most this much of an answer (it is not kept; reading lets the socket be reused). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POST `body` to `url` with `headers`. A 2xx is a success; anything else, a redirect included
 * (never followed: a redirect could lead to an address the check did not see), is a failure.
 * The host is checked before connecting and the socket connects to the checked address.
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, status: null, durationMs: 0, error: 'The address is not a URL.' };
  }
  const secure = target.protocol === 'https:';
  if (!secure && !(target.protocol === 'http:' && options.allowPrivate))
    return { ok: false, status: null, durationMs: 0, error: 'Only https:// addresses are sent to.' };
  const checked = await checkHost(target.hostname, options);
  if (!checked.ok)
    return {
      ok: false,
      status: null,
      durationMs: elapsed(),
      error:
        checked.why === 'private'
          ? `Refused: ${checked.host} is ${checked.address}, a private, loopback or link-local address.`
          : `${checked.host} could not be resolved.`,
    };
  return new Promise<SendResult>((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Juniper-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(options),
        timeout: options.timeoutMs ?? 10_000,
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ ok: true, status, durationMs: elapsed() });
          else
            resolve({
              ok: false,
              status,
              durationMs: elapsed(),
              error:
                status >= 300 && status < 400
                  ? `Answered ${status} (a redirect; redirects are not followed).`
                  : `Answered ${status}.`,
            });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error('No answer in time.')));
    request.on('error', (error) =>
      resolve({ ok: false, status: null, durationMs: elapsed(), error: error.message.slice(0, 300) }),
    );
    request.end(body);
  });
}
