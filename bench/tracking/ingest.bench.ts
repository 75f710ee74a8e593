import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/**
 * Tracking ingest benchmark: the real server (own process, PostgreSQL, in-process queue or
 * JetStream with BENCH_NATS=1) on 127.0.0.1, driven by a closed loop of beacons (page-view
 * hits, performance records, add-to-cart events) bounded in count and time. Reports
 * sustained beacons/s, p50/p99 ingest latency, and whether every accepted beacon was stored.
 *
 *   npx tsx bench/tracking/ingest.bench.ts
 *   BENCH_SECONDS=30 BENCH_CONNECTIONS=32 BENCH_MAX=200000 BENCH_NATS=1 npx tsx bench/tracking/ingest.bench.ts
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface IngestBenchResult {
  queue: 'memory' | 'jetstream';
  sent: number;
  accepted: number;
  rejected: number;
  stored: number;
  lost: number;
  seconds: number;
  beaconsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  drainMs: number;
  cores: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function freshDatabase(name: string): Promise<string> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return base.replace(/\/[^/]*$/, `/${name}`);
}

async function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { port, child };
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function post(agent: http.Agent, port: number, p: string, type: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: p, agent, headers: { 'content-type': type } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Beacon number `n`: 3 in 5 page views, 1 in 5 performance reports, 1 in 5 add-to-cart. */
function beacon(n: number, run: string, websiteId: string): { path: string; type: string; body: string } {
  const now = Date.now();
  const cvr = `b${n % 5000}|${now}|${now}|${now}|1`;
  switch (n % 5) {
    case 3:
      return {
        path: '/api/1/performance/records',
        type: 'text/plain',
        body: JSON.stringify([
          {
            app: 'storefront',
            event: 'page-speed',
            pageLoadId: `${run}-${n}`,
            ts: now,
            data: {
              url: '/shop',
              pageType: 1,
              benchRun: run,
              metrics: { firstContentfulPaint: 500 + (n % 900) },
            },
          },
        ]),
      };
    case 4:
      return {
        path: '/api/v1/clanker/events',
        type: 'text/plain',
        body: JSON.stringify({
          eventSchemaName: 'add_to_cart',
          eventContent: JSON.stringify({
            event_occurrence_timestamp: now,
            website_id: websiteId,
            product_page: 'pdp',
            ss_cvr: cvr,
            benchRun: run,
            product: { item_id: `item-${n % 40}`, item_type: 1, item_title: 'Bench item' },
          }),
        }),
      };
    default:
      return {
        path: '/api/census/RecordHit',
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({
          event: 'View',
          ss_cvr: cvr,
          data: JSON.stringify({ url: `/page-${n % 50}`, pageType: 2, clientDate: now, benchRun: run }),
        }).toString(),
      };
  }
}

async function countStored(client: pg.Client, run: string): Promise<number> {
  const { rows } = await client.query(
    `select (select count(*) from tracking_events where data->>'benchRun' = $1)
          + (select count(*) from performance_records where data->>'benchRun' = $1) as n`,
    [run],
  );
  return Number(rows[0].n);
}

export async function run(
  options: { seconds?: number; connections?: number; maxBeacons?: number; nats?: boolean } = {},
): Promise<IngestBenchResult> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 20);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 32);
  const maxBeacons = options.maxBeacons ?? Number(process.env.BENCH_MAX ?? 200_000);
  const nats = options.nats ?? process.env.BENCH_NATS === '1';
  // BENCH_DB_NAME: a database of your own when several people benchmark on one server.
  const databaseUrl = await freshDatabase(process.env.BENCH_DB_NAME ?? 'tracking_bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-bench-'));
  const { port, child } = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ...(nats ? { NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' } : {}),
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const page = (await (await fetch(`http://127.0.0.1:${port}/?format=json`)).json()) as {
      website: { id: string };
    };
    const websiteId = page.website.id;
    const runId = randomUUID().slice(0, 8);
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const latencies: number[] = [];
    let sent = 0;
    let rejected = 0;
    const start = performance.now();
    const deadline = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline && sent < maxBeacons) {
          const b = beacon(sent++, runId, websiteId);
          const t0 = performance.now();
          try {
            const status = await post(agent, port, b.path, b.type, b.body);
            if (status === 202) latencies.push(performance.now() - t0);
            else rejected++;
          } catch {
            rejected++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    agent.destroy();
    const accepted = latencies.length;
    // Wait for the consumer to write everything it acknowledged (bounded).
    const drainStart = performance.now();
    let stored = await countStored(db, runId);
    while (stored < accepted && performance.now() - drainStart < 60_000) {
      await new Promise((r) => setTimeout(r, 100));
      stored = await countStored(db, runId);
    }
    const drainMs = performance.now() - drainStart;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    const result: IngestBenchResult = {
      queue: nats ? 'jetstream' : 'memory',
      sent,
      accepted,
      rejected,
      stored,
      lost: accepted - stored,
      seconds: Math.round(elapsed * 10) / 10,
      beaconsPerSecond: Math.round(accepted / elapsed),
      p50Ms: Math.round(pct(50) * 100) / 100,
      p99Ms: Math.round(pct(99) * 100) / 100,
      drainMs: Math.round(drainMs),
      cores: os.availableParallelism(),
    };
    // Zero loss means every beacon sent was stored: a 503 or a lost write fails the run.
    if (result.stored !== result.sent) throw new Error(`beacons lost: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await db.end();
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run()
    .then((r) => {
      console.log(JSON.stringify(r, null, 2));
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
