import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { BatchWriter } from '../src/queue/batch-writer';
import { createJetStreamQueue } from '../src/queue/jetstream-queue';
import { createMemoryQueue } from '../src/queue/memory-queue';
import { QueueFullError, type TrackingRecord } from '../src/queue/tracking-queue';
import { eventRecord } from '../src/services/tracking/accept';
import { recordInserter } from '../src/services/tracking/insert-records';
import { pruneTracking } from '../src/services/tracking/retention';
import { createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function records(websiteId: string, n: number, name = 'page_view'): TrackingRecord[] {
  return Array.from({ length: n }, (_, i) =>
    eventRecord({
      websiteId,
      kind: 'census',
      name,
      visitorId: `v${i}`,
      visitNumber: 1,
      pagePath: `/p/${i}`,
      pageType: 2,
      itemId: null,
      occurredAt: 1_700_000_000_000 + i,
      data: { i },
    }),
  );
}

describe('in-process queue', () => {
  it('writes in batches no larger than batchSize and loses nothing', async () => {
    const batches: number[] = [];
    const seen = new Set<string>();
    const queue = createMemoryQueue({
      batchSize: 100,
      flushMs: 5,
      sink: async (rs) => {
        batches.push(rs.length);
        for (const r of rs) seen.add(r.id);
      },
    });
    const sent = records('w', 1050);
    for (let i = 0; i < sent.length; i += 7) await queue.enqueue(sent.slice(i, i + 7));
    await queue.drain();
    expect(seen.size).toBe(1050);
    expect(Math.max(...batches)).toBeLessThanOrEqual(100);
    await queue.close();
  });

  it('retries a failed write until the database answers again', async () => {
    let failures = 2;
    const written: string[] = [];
    const errors: unknown[] = [];
    const queue = createMemoryQueue({
      flushMs: 1,
      onError: (e) => errors.push(e),
      sink: async (rs) => {
        if (failures-- > 0) throw new Error('database down');
        written.push(...rs.map((r) => r.id));
      },
    });
    const sent = records('w', 10);
    await queue.enqueue(sent);
    await queue.drain(5_000);
    expect(errors).toHaveLength(2);
    expect(written.sort()).toEqual(sent.map((r) => r.id).sort());
    await queue.close();
  });

  it('tells the consumer which tokens wait for a retry and which were written', async () => {
    let fail = true;
    const retrying: string[][] = [];
    const written: string[][] = [];
    const writer = new BatchWriter<string>(
      {
        flushMs: 1,
        retryMs: 5,
        sink: async () => {
          if (fail) {
            fail = false;
            throw new Error('down');
          }
        },
      },
      { onRetrying: (t) => retrying.push(t), onWritten: (t) => written.push(t) },
    );
    writer.add(records('w', 2), 'msg-a');
    writer.add(records('w', 1), 'msg-b');
    await writer.flush(2_000);
    writer.stop();
    expect(retrying).toEqual([['msg-a', 'msg-b']]);
    expect(written.flat().sort()).toEqual(['msg-a', 'msg-b']);
  });

  it('refuses records past maxPending and after close', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const queue = createMemoryQueue({ maxPending: 5, flushMs: 1_000, sink: () => gate });
    const held = queue.enqueue(records('w', 5));
    await expect(queue.enqueue(records('w', 1))).rejects.toBeInstanceOf(QueueFullError);
    release();
    await held;
    await queue.close();
    await expect(queue.enqueue(records('w', 1))).rejects.toBeInstanceOf(QueueFullError);
  });

  it('writes what it holds when closed', async () => {
    const written: TrackingRecord[] = [];
    const queue = createMemoryQueue({ flushMs: 60_000, sink: async (rs) => void written.push(...rs) });
    const accepted = queue.enqueue(records('w', 3));
    expect(written).toHaveLength(0);
    await queue.close();
    await accepted;
    expect(written).toHaveLength(3);
  });

  // The in-process queue acknowledged (202) before the insert, so kill -9 lost beacons.
  it('group commit: enqueue resolves only once the batch holding the records committed', async () => {
    let commit = () => {};
    const batches: number[] = [];
    const queue = createMemoryQueue({
      flushMs: 1,
      sink: (rs) =>
        new Promise<void>((r) => {
          batches.push(rs.length);
          commit = r;
        }),
    });
    let settled = 0;
    const pending = [queue.enqueue(records('a', 2)), queue.enqueue(records('b', 3))].map((p) =>
      p.then(() => settled++),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([5]); // both requests share one insert
    expect(settled).toBe(0); // not acknowledged while the insert is open
    commit();
    await Promise.all(pending);
    expect(settled).toBe(2);
    await queue.close();
  });

  it('refuses (503) a request whose batch does not commit in time, instead of acknowledging it', async () => {
    const queue = createMemoryQueue({
      flushMs: 1,
      commitTimeoutMs: 50,
      retryMs: 10,
      sink: async () => {
        throw new Error('database down');
      },
    });
    await expect(queue.enqueue(records('c', 1))).rejects.toBeInstanceOf(QueueFullError);
  });
});

describe.each(backends)('JetStream queue into %s', (backend) => {
  const streams: string[] = [];
  afterAll(async () => {
    const nc = await connect({ servers: NATS_URL });
    const jsm = await jetstreamManager(nc);
    for (const s of streams) await jsm.streams.delete(s).catch(() => {});
    await nc.close();
  });

  function names() {
    const id = randomUUID().slice(0, 8);
    const stream = `TRK_TEST_${id}`;
    streams.push(stream);
    return { stream, subject: `trk-test.${id}`, consumer: `writer-${id}` };
  }

  async function countFor(websiteId: string) {
    const { db } = await testDatabase(backend);
    return (await db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, websiteId))).length;
  }

  it('keeps acknowledged records when the accepting process dies before inserting', async () => {
    const { db } = await testDatabase(backend);
    const websiteId = `crash-${randomUUID()}`;
    const n = names();
    // The "web" process: accepts (publish acked) but never writes, then goes away.
    const acceptor = await createJetStreamQueue({
      servers: NATS_URL,
      ...n,
      consume: false,
      sink: async () => {},
    });
    const sent = records(websiteId, 120);
    for (let i = 0; i < sent.length; i += 10) await acceptor.enqueue(sent.slice(i, i + 10));
    await acceptor.close();
    expect(await countFor(websiteId)).toBe(0);
    // A new process starts; its consumer writes everything that was acknowledged.
    const writer = await createJetStreamQueue({ servers: NATS_URL, ...n, sink: recordInserter(db) });
    await writer.drain(15_000);
    await writer.close();
    expect(await countFor(websiteId)).toBe(120);
  });

  it('redelivers after a failed insert and never stores a record twice', async () => {
    const { db } = await testDatabase(backend);
    const websiteId = `redeliver-${randomUUID()}`;
    const insert = recordInserter(db);
    let calls = 0;
    // First write succeeds in the database but "crashes" before the ack: redelivery must not duplicate.
    const sink = async (rs: TrackingRecord[]) => {
      calls++;
      await insert(rs);
      if (calls === 1) throw new Error('crashed after insert');
    };
    const queue = await createJetStreamQueue({ servers: NATS_URL, ...names(), sink, flushMs: 5 });
    await queue.enqueue(records(websiteId, 30));
    await queue.drain(15_000);
    await queue.close();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(await countFor(websiteId)).toBe(30);
  });

  it('in-process default: closing the app writes what the queue still holds', async () => {
    const site = await createTestSite(backend);
    expect(site.app.trackingQueue.kind).toBe('memory');
    const res = await site.request({
      method: 'POST',
      url: '/api/census/overlay',
      crumb: false,
      payload: { url: '/', event: 'render', visitorCookie: 'cl|1|1|1|1' },
    });
    expect(res.statusCode).toBe(202);
    await site.app.close(); // no drain: the preClose hook must flush
    expect(await countFor(site.websiteId)).toBe(1);
  });

  it('serves the HTTP beacons when NATS_URL is set', async () => {
    const trackingStream = names().stream;
    const site = await createTestSite(backend, { config: { natsUrl: NATS_URL, natsStream: trackingStream } });
    try {
      expect(site.app.trackingQueue.kind).toBe('jetstream');
      const res = await site.request({
        method: 'POST',
        url: '/api/census/form-render',
        crumb: false,
        payload: { url: '/contact', formId: 'f1', visitorCookie: 'nv|1|1|1|1' },
      });
      expect(res.statusCode).toBe(202);
      await site.app.trackingQueue.drain(15_000);
      expect(await countFor(site.websiteId)).toBe(1);
    } finally {
      await site.app.close();
    }
  });
});

describe.each(backends)('retention on %s', (backend) => {
  it('deletes rows that arrived before the cutoff and keeps newer ones', async () => {
    const { db } = await testDatabase(backend);
    const websiteId = `retention-${randomUUID()}`;
    const old = records(websiteId, 3).map((r) => ({ ...r, receivedAt: Date.parse('2020-01-01T00:00:00Z') }));
    const fresh = records(websiteId, 2);
    await recordInserter(db)([...old, ...fresh]);
    const removed = await pruneTracking(db, new Date('2021-01-01T00:00:00Z'));
    expect(removed.events).toBeGreaterThanOrEqual(3);
    const left = await db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, websiteId));
    expect(left.map((r) => r.id).sort()).toEqual(fresh.map((r) => r.id).sort());
  });
});

describe.each(backends)('batch insert on %s', (backend) => {
  it('drops only the record the database refuses, keeping the rest of the batch', async () => {
    const { db } = await testDatabase(backend);
    const websiteId = `poison-${randomUUID()}`;
    const batch = records(websiteId, 9);
    // A lone surrogate is valid in JS strings but refused by jsonb (SQLSTATE 22P02).
    const bad = { ...batch[4], data: { title: 'broken \ud800 text' } } as TrackingRecord;
    batch[4] = bad;
    const dropped: string[] = [];
    await recordInserter(db, { onDropped: (r) => dropped.push(r.id) })(batch);
    const stored = await db.select().from(trackingEvents).where(eq(trackingEvents.websiteId, websiteId));
    expect(stored).toHaveLength(8);
    expect(dropped).toEqual([bad.id]);
  });

  it('throws (so the queue retries) when the failure is not about the data', async () => {
    const failing = {
      insert: () => {
        throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      },
    };
    // biome-ignore lint/suspicious/noExplicitAny: a stand-in database that only fails
    await expect(recordInserter(failing as any)(records('w', 2))).rejects.toThrow('connection refused');
  });
});
