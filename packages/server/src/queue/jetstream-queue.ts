import {
  AckPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsStreamFor } from '../config';
import { BatchWriter } from './batch-writer';
import { QueueFullError, type RecordSink, type TrackingQueue, type TrackingRecord } from './tracking-queue';

export interface JetStreamQueueOptions {
  servers: string;
  sink: RecordSink;
  /** This deployment's stream (NATS_STREAM); the subject and consumer default to names from it. */
  stream?: string;
  subject?: string;
  consumer?: string;
  /** false → publish only (a process that accepts beacons but leaves writing to others). */
  consume?: boolean;
  batchSize?: number;
  flushMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The stream, subject and durable consumer of one deployment: all three come from the
 * stream name, so two deployments on one NATS server with different streams share nothing
 * (a shared subject or consumer would hand one deployment's beacons to the other).
 */
export function jetStreamNames(stream: string): { stream: string; subject: string; consumer: string } {
  const base = stream.toLowerCase();
  return { stream, subject: `${base}.records`, consumer: `${base}-writer` };
}

/**
 * NATS JetStream queue. `enqueue` resolves only after the JetStream server has stored
 * the message (publish ack), so an accepted beacon survives a crash or restart of this
 * process. A durable pull consumer (shared by all server processes) batches messages into
 * the sink and acks them after the insert; a crash before the ack means redelivery, and
 * the UUID primary keys make the second insert a no-op.
 */
export async function createJetStreamQueue(options: JetStreamQueueOptions): Promise<TrackingQueue> {
  const names = jetStreamNames(options.stream ?? natsStreamFor());
  const stream = names.stream;
  const subject = options.subject ?? names.subject;
  const durable = options.consumer ?? names.consumer;
  const nc = await connect({ servers: options.servers, name: 'store-tracking' });
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.info(stream);
  } catch {
    // Work-queue retention: a message is deleted once the writer acks it.
    await jsm.streams.add({ name: stream, subjects: [subject], retention: 'workqueue', storage: 'file' });
  }
  try {
    await jsm.consumers.info(stream, durable);
  } catch {
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: 30_000_000_000, // 30 s in ns: a batch insert must finish before redelivery
      max_ack_pending: 20_000,
    });
  }
  const js: JetStreamClient = jetstream(nc);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  const writer = new BatchWriter<JsMsg>(
    { sink: options.sink, batchSize: options.batchSize, flushMs: options.flushMs, onError: options.onError },
    {
      onWritten: (msgs) => {
        for (const m of msgs) m.ack();
      },
      // While the database is down, tell JetStream we still hold these messages, so it
      // does not redeliver them (to us or to another process) every ack_wait.
      onRetrying: (msgs) => {
        for (const m of msgs) m.working();
      },
    },
  );

  let messages: ConsumerMessages | undefined;
  let loop: Promise<void> | undefined;
  if (options.consume !== false) {
    const consumer = await js.consumers.get(stream, durable);
    messages = await consumer.consume({ max_messages: 2_000 });
    const iterator = messages;
    loop = (async () => {
      for await (const m of iterator) {
        let records: TrackingRecord[];
        try {
          records = JSON.parse(decoder.decode(m.data)) as TrackingRecord[];
        } catch (error) {
          // A message we cannot read will never become readable: drop it, loudly.
          options.onError?.(error);
          m.term();
          continue;
        }
        writer.add(records, m);
      }
    })().catch((error) => options.onError?.(error));
  }

  let closed = false;
  return {
    kind: 'jetstream',
    waiting: () => writer.size,
    async enqueue(records: TrackingRecord[]) {
      if (closed) throw new QueueFullError('The tracking queue is closed.');
      // One message per request; msgID lets JetStream drop a retried publish.
      await js.publish(subject, encoder.encode(JSON.stringify(records)), { msgID: records[0]?.id });
    },
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const info = await jsm.consumers.info(stream, durable);
        if (info.num_pending === 0 && info.num_ack_pending === 0 && !writer.busy) return;
        await writer.flush(Math.max(0, deadline - Date.now()));
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      closed = true;
      messages?.stop();
      await loop;
      // Write what was fetched so it can be acked; unacked messages are redelivered anyway.
      await writer.flush(5_000);
      writer.stop();
      await nc.drain();
    },
  };
}
