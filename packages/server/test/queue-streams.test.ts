import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createJetStreamQueue } from '../src/queue/jetstream-queue';
import type { TrackingRecord } from '../src/queue/tracking-queue';
import { eventRecord } from '../src/services/tracking/accept';
import { createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

const NATS_URL = process.env.TEST_NATS_URL;

function beacons(websiteId: string, n: number): TrackingRecord[] {
  return Array.from({ length: n }, (_, i) =>
    eventRecord({
      websiteId,
      kind: 'census',
      name: 'page_view',
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

const streams: string[] = [];
function streamName(label: string): string {
  const name = `${label}_${randomUUID().slice(0, 8).toUpperCase()}`;
  streams.push(name);
  return name;
}

afterAll(async () => {
  if (!NATS_URL || streams.length === 0) return;
  const nc = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(nc);
  for (const stream of streams) await jsm.streams.delete(stream).catch(() => {});
  await nc.close();
});

describe('the stream name of a deployment', () => {
  it('comes from NATS_STREAM, else from REDIS_KEY_PREFIX', () => {
    expect(loadConfig({}).natsStream).toBe('JUNIPER_TRACKING');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'shop-b:' }).natsStream).toBe('SHOP_B_TRACKING');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'shop-b:', NATS_STREAM: 'Shop_Two' }).natsStream).toBe('Shop_Two');
    expect(() => loadConfig({ NATS_STREAM: 'has.dots' })).toThrow(/NATS_STREAM must be 1–64 letters/);
  });
});

describe.skipIf(!NATS_URL)('two deployments on one NATS server (needs TEST_NATS_URL)', () => {
  it('each deployment writes only its own beacons', async () => {
    const servers = NATS_URL as string;
    const written = { a: [] as string[], b: [] as string[] };
    const deployment = (label: 'a' | 'b') =>
      createJetStreamQueue({
        servers,
        stream: streamName(`SHOP_${label.toUpperCase()}`),
        flushMs: 5,
        sink: async (records) => {
          written[label].push(...records.map((r) => r.websiteId));
        },
      });
    const a = await deployment('a');
    const b = await deployment('b');
    try {
      for (let i = 0; i < 5; i++) {
        await a.enqueue(beacons('site-a', 6));
        await b.enqueue(beacons('site-b', 6));
      }
      await a.drain(15_000);
      await b.drain(15_000);
    } finally {
      await a.close();
      await b.close();
    }
    expect(written.a).toEqual(Array(30).fill('site-a'));
    expect(written.b).toEqual(Array(30).fill('site-b'));
  });
});

describe.skipIf(!NATS_URL).each(backends)('the app on %s (needs TEST_NATS_URL)', (backend) => {
  it('publishes beacons to the stream its configuration names, under a subject of its own', async () => {
    const natsStream = streamName('APP');
    const site = await createTestSite(backend, { config: { natsUrl: NATS_URL, natsStream } });
    try {
      const res = await site.request({
        method: 'POST',
        url: '/api/census/form-render',
        crumb: false,
        payload: { url: '/contact', formId: 'f1', visitorCookie: 'nv|1|1|1|1' },
      });
      expect(res.statusCode).toBe(202);
      await site.app.trackingQueue.drain(15_000);
    } finally {
      await site.app.close();
    }
    const nc = await connect({ servers: NATS_URL as string });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(natsStream);
      expect(info.config.subjects).toEqual([`${natsStream.toLowerCase()}.records`]);
      expect(info.state.last_seq).toBe(1);
    } finally {
      await nc.close();
    }
  });
});
