import http from 'node:http';

/** One HTTP request to make; `next` returns undefined when a virtual user is done. */
export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const at = (i: number) => s[i] ?? Number.NaN;
  return s.length % 2 ? at((s.length - 1) / 2) : (at(s.length / 2 - 1) + at(s.length / 2)) / 2;
}

function send(agent: http.Agent, port: number, req: LoadRequest): Promise<LoadResponse> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    r.on('error', reject);
    if (req.body) r.write(req.body);
    r.end();
  });
}

/**
 * Closed-loop load against 127.0.0.1 only: `connections` virtual users, each sending its
 * next request when the previous answered, for `seconds` (bounded in time and count).
 * `user(i)` returns a per-user step function that sees the previous response.
 */
export interface LoadResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export async function runLoad(options: {
  port: number;
  connections: number;
  seconds: number;
  maxRequests?: number;
  user: (index: number) => (previous: LoadResponse | undefined) => LoadRequest | undefined;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const max = options.maxRequests ?? 1_000_000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async (_, i) => {
      const step = options.user(i);
      let previous: LoadResponse | undefined;
      while (performance.now() < deadline && latencies.length + errors < max) {
        const req = step(previous);
        if (!req) return;
        const t0 = performance.now();
        try {
          previous = await send(agent, options.port, req);
          if (previous.status >= 400) errors++;
          else latencies.push(performance.now() - t0);
        } catch {
          errors++;
          previous = undefined;
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
