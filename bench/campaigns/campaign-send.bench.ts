import net from 'node:net';
import pg from 'pg';
import { median } from '../lib/load';
import { freePort, freshPostgresDatabase, spawnServer } from '../lib/spawn-server';
import { wrk } from '../lib/wrk';

/**
 * Campaign sending vs. the storefront: a product page's req/s (wrk) while a campaign to
 * 10,000 recipients is being handed to the outbox and delivered to a local SMTP sink, against
 * the same page idle, in interleaved rounds. Reports the median busy/idle ratio and its spread.
 *
 *   npx tsx bench/campaigns/campaign-send.bench.ts
 *   BENCH_ROUNDS=5 BENCH_SECONDS=8 BENCH_RECIPIENTS=10000 npx tsx bench/campaigns/campaign-send.bench.ts
 */
const PRODUCT = '/shop/p/classic-tee';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const CONNECTIONS = 16;

/** A minimal SMTP server that accepts every message and counts them. */
async function smtpSink(): Promise<{ port: number; count(): number; close(): void }> {
  let received = 0;
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received += 1;
            socket.write('250 OK\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink\r\n250 PIPELINING\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, count: () => received, close: () => server.close() };
}

/** Start a campaign to `n` subscribers straight in the database (as "Send now" does). */
async function startCampaign(client: pg.Client, round: number, n: number): Promise<string> {
  const site = (await client.query(`select id from websites order by created_at limit 1`)).rows[0]
    .id as string;
  await client.query(
    `insert into campaign_settings (website_id, rate_per_minute) values ($1, 100000)
     on conflict (website_id) do update set rate_per_minute = 100000`,
    [site],
  );
  const list = (
    await client.query(`insert into mailing_lists (website_id, name) values ($1, $2) returning id`, [
      site,
      `Bench ${round} ${Date.now()}`,
    ])
  ).rows[0].id as string;
  await client.query(
    `insert into list_members (website_id, list_id, email, status, source, unsubscribe_token)
     select $1, $2, 'r' || $3 || '-' || g || '@example.com', 'subscribed', 'import', md5(random()::text || g)
     from generate_series(1, $4) g`,
    [site, list, round, n],
  );
  const blocks = JSON.stringify([
    { type: 'text', html: '<p>Hello from the bench, with <strong>bold</strong> text.</p>' },
    { type: 'button', label: 'Shop now', url: 'https://example.com/shop' },
  ]);
  // One transaction: the worker never sees the campaign sending without its recipients.
  await client.query('begin');
  const campaign = (
    await client.query(
      `insert into campaigns (website_id, subject, blocks, list_ids, status, started_at, scheduled_at)
       values ($1, 'Bench', $2::jsonb, $3::jsonb, 'sending', now(), now()) returning id`,
      [site, blocks, JSON.stringify([list])],
    )
  ).rows[0].id as string;
  await client.query(
    `insert into campaign_recipients (campaign_id, website_id, email)
     select $1, $2, email from list_members where list_id = $3`,
    [campaign, site, list],
  );
  await client.query('commit');
  return campaign;
}

export async function run() {
  const sink = await smtpSink();
  const url = await freshPostgresDatabase('bench_campaign_send');
  const server = await spawnServer('packages/server/src/main.ts', {
    DATABASE_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    CAMPAIGNS_EVERY_MS: '500',
    CART_WRITE_LIMIT: '0',
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const page = () =>
    wrk({
      url: `http://127.0.0.1:${server.port}${PRODUCT}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: BROWSER,
    });
  try {
    await page(); // warm up
    const ratios: number[] = [];
    const idle: number[] = [];
    const busy: number[] = [];
    let queuedDuringBusy = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const quiet = await page();
      const before = sink.count();
      const campaign = await startCampaign(client, round, RECIPIENTS);
      const loaded = await page();
      queuedDuringBusy += sink.count() - before;
      idle.push(quiet.requestsPerSecond);
      busy.push(loaded.requestsPerSecond);
      ratios.push(loaded.requestsPerSecond / quiet.requestsPerSecond);
      // Let this round's campaign finish before the next idle measurement.
      for (let i = 0; i < Number(process.env.BENCH_DRAIN_SECONDS ?? 600); i += 1) {
        const left = await client.query(
          `select count(*)::int as n from campaign_recipients r left join email_outbox o on o.id = r.id
           where r.campaign_id = $1 and (r.state = 'pending' or o.status = 'PENDING')`,
          [campaign],
        );
        if (left.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    return {
      recipientsPerRound: RECIPIENTS,
      rounds: ROUNDS,
      secondsPerMeasurement: SECONDS,
      idleReqPerSec: idle.map(Math.round),
      sendingReqPerSec: busy.map(Math.round),
      medianRatio: Number(median(ratios).toFixed(3)),
      spread: [Number((sorted[0] ?? 0).toFixed(3)), Number((sorted.at(-1) ?? 0).toFixed(3))],
      mailsDeliveredToSink: sink.count(),
      mailsDeliveredDuringMeasurements: queuedDuringBusy,
    };
  } finally {
    await client.end();
    await server.stop();
    sink.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await run(), null, 2));
