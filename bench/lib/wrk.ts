import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from './load';

const run = promisify(execFile);

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx/3xx answers plus socket errors. */
  errors: number;
  requests: number;
}

function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

/**
 * One wrk run (the C load generator from Debian) against 127.0.0.1: `connections` open
 * connections over 2 threads for `seconds`. `lua` is an optional wrk script (request
 * generation per connection/thread); `headers` are sent with every request.
 */
export async function wrk(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  lua?: string;
  /** How long wrk waits for an answer before counting a timeout (wrk's default: 2 s). */
  timeoutSeconds?: number;
}): Promise<WrkResult> {
  const args = ['-t', '2', '-c', String(options.connections), '-d', `${options.seconds}s`, '--latency'];
  if (options.timeoutSeconds) args.push('--timeout', `${options.timeoutSeconds}s`);
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}: ${v}`);
  let script: string | undefined;
  if (options.lua) {
    script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wrk-')), 'script.lua');
    fs.writeFileSync(script, options.lua);
    args.push('-s', script);
  }
  args.push(options.url);
  try {
    const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    const socketErrors = socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
    const errors = non2xx + socketErrors;
    return {
      // Only answered successes count: wrk's Requests/sec includes error answers.
      requestsPerSecond: requests > 0 ? (rps * Math.max(0, requests - errors)) / requests : rps,
      p50Ms: toMs(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
      p99Ms: toMs(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
      errors,
      requests,
    };
  } finally {
    if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** Median, min and max of a list, rounded. */
export function spread(values: number[], digits = 3) {
  const f = 10 ** digits;
  const r = (n: number) => Math.round(n * f) / f;
  return { median: r(median(values)), min: r(Math.min(...values)), max: r(Math.max(...values)) };
}

/**
 * Interleaved rounds: in each round every contender runs once, in turn, so a busy moment
 * on the shared machine hits all of them; ratios are taken per round against `anchor`.
 */
export async function interleave<K extends string>(
  rounds: number,
  contenders: Record<K, () => Promise<WrkResult>>,
): Promise<Record<K, WrkResult[]>> {
  const out = Object.fromEntries(Object.keys(contenders).map((k) => [k, []])) as unknown as Record<
    K,
    WrkResult[]
  >;
  for (let round = 0; round < rounds; round++)
    for (const key of Object.keys(contenders) as K[]) out[key].push(await contenders[key]());
  return out;
}

/** Per-round ratio a/b, summarised as median and range. */
export function ratio(a: WrkResult[], b: WrkResult[]) {
  return spread(a.map((x, i) => x.requestsPerSecond / (b[i]?.requestsPerSecond ?? Number.NaN)));
}

/** Requests/s median and range, p99 median. */
export function summary(results: WrkResult[]) {
  return {
    rps: spread(
      results.map((r) => r.requestsPerSecond),
      0,
    ),
    p99Ms: spread(
      results.map((r) => r.p99Ms),
      2,
    ).median,
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}
