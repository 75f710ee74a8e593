import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eq } from 'drizzle-orm';
import { describe, expect, it, inject } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { createJetStreamQueue } from '../src/queue/jetstream-queue';
import { recordInserter } from '../src/services/tracking/insert-records';
import { createTestSite } from './helpers/test-app';
import { testDatabase } from './helpers/test-db';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const repoRoot = path.resolve(import.meta.dirname, '../../..');

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

function post(port: number, host: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/census/button-click',
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The durability promise, end to end: a real server process on PostgreSQL with
 * NATS_URL accepts beacons (202) and is killed with SIGKILL straight after; a new consumer
 * then stores every accepted beacon. PostgreSQL only (a second process cannot open PGlite).
 */
describe.runIf(inject('postgresUrl'))('JetStream durability across a server crash', () => {
  it('stores every beacon answered 202 before a SIGKILL', { timeout: 120_000 }, async () => {
    const site = await createTestSite('postgres');
    const port = await freePort();
    // Its own stream, so no other run or deployment on this NATS takes its beacons.
    const stream = `CRASH_TEST_${randomUUID().slice(0, 8)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: inject('postgresUrl'),
        NATS_URL,
        NATS_STREAM: stream,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/nonexistent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 200));
      }
      let accepted = 0;
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 25; i++) {
            const body = JSON.stringify({ url: `/crash/${w}/${i}`, visitorCookie: `c${w}|1|1|1|1` });
            if ((await post(port, site.host, body)) === 202) accepted++;
          }
        }),
      );
      child.kill('SIGKILL');
      await exited;
      expect(accepted).toBe(200);

      // A fresh consumer (the restarted server) writes what the dead one had not acked.
      const { db } = await testDatabase('postgres');
      const writer = await createJetStreamQueue({ servers: NATS_URL, stream, sink: recordInserter(db) });
      const until = Date.now() + 90_000;
      let stored = 0;
      while (Date.now() < until) {
        stored = (await db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, site.websiteId)))
          .length;
        if (stored >= accepted) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await writer.close();
      expect(stored).toBe(accepted);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await site.app.close();
      const nc = await connect({ servers: NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => {});
      await nc.close();
    }
  });
});
