import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Start a TypeScript entry point with tsx in its own process and wait for `readyPath` to answer. */
export async function spawnServer(
  entry: string,
  env: Record<string, string>,
  readyPath = '/healthz',
  /** false: run `entry` with plain node (built JavaScript, as `npm start` does), without tsx. */
  tsx = true,
): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_NODE_ARGS: extra node flags for profiling (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`),
  // from `env` or from the shell that runs the bench (`BENCH_NODE_ARGS=… npm run bench -- cart`).
  const nodeArgs = (env.BENCH_NODE_ARGS ?? process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (tsx) nodeArgs.push('--import', 'tsx');
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${entry} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh PostgreSQL database for a benchmark (dropped and recreated). */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: base });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  return base.replace(/\/[^/]*$/, `/${name}`);
}
