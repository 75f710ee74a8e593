import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Layout, renderLayout } from '@store/blocks';
import { createEngine } from '@store/template';
import { buildApp } from '../../packages/server/src/app';
import { openDatabase } from '../../packages/server/src/db/client';
import { migrateDatabase } from '../../packages/server/src/db/migrate';
import { themeFiles } from '../../packages/server/src/pages/theme-files';
import { seedDemoSite } from '../../packages/server/src/seed/seed-demo-site';
import { DEMO_OWNER } from '../../packages/server/src/services/site-users/demo-accounts';
import { median, percentile } from '../lib/load';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'packages/studio/dist');
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Studio first load: the JavaScript and CSS index.html pulls in, gzipped; the editor chunk on its own. */
function firstLoad() {
  if (!fs.existsSync(path.join(dist, 'index.html')))
    spawnSync('npm', ['run', 'build', '-w', 'packages/studio', '--silent'], { cwd: root, stdio: 'inherit' });
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The one group always takes part in a match, so the default never applies.
  const entry = [...html.matchAll(/(?:src|href)="\/config\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    ([, file = '']) => file,
  );
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  // Everything else is loaded on demand (the page editor with the engine, the design panel, shared blocks code).
  const lazy = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !entry.includes(`assets/${f}`));
  return {
    firstLoadGzipKiB: kib(entry.reduce((n, f) => n + gz(f), 0)),
    firstLoadFiles: entry,
    lazyChunksGzipKiB: Object.fromEntries(
      lazy.map((f) => [f.replace(/-[\w-]{8}\.js$/, ''), kib(gz(`assets/${f}`))]),
    ),
  };
}

/** Edit → preview: re-render a 60-block draft after one prop changes (what the editor does per keystroke). */
function editToPreview() {
  const theme = themeFiles();
  const engine = createEngine();
  const cache = new Map<string, ReturnType<typeof engine.compile>['template']>();
  const compile = (source: string) => {
    let t = cache.get(source);
    if (!t) {
      t = engine.compile(source).template;
      cache.set(source, t);
    }
    return t;
  };
  const types = ['heading', 'text', 'button', 'quote', 'markdown', 'spacer'] as const;
  const base: Layout = {
    sections: [0, 1, 2].map((s) => ({
      id: `s${s}`,
      blocks: Array.from({ length: 20 }, (_, i) => ({
        id: `b${s}-${i}`,
        type: types[i % types.length] ?? 'text', // the modulo keeps the index in range
        props: {
          text: `Block ${i}`,
          html: `<p>Paragraph ${i} with <a href="/x">a link</a>.</p>`,
          label: 'Go',
          href: '/shop',
          markdown: '## Hi\n\n*there*',
          height: 32,
          level: 2,
        },
      })),
    })),
  };
  const samples: number[] = [];
  for (let round = 0; round < 200; round++) {
    const layout: Layout = {
      sections: base.sections.map((s, i) =>
        i === 0
          ? {
              ...s,
              blocks: s.blocks.map((b, j) =>
                j === 0 ? { ...b, props: { ...b.props, text: `Edit ${round}` } } : b,
              ),
            }
          : s,
      ),
    };
    const started = performance.now();
    renderLayout(layout, { templates: theme.blocks, compile, locale: 'en-US' });
    samples.push(performance.now() - started);
  }
  const sorted = samples.slice(20).sort((a, b) => a - b);
  return {
    blocks: 60,
    editToPreviewMedianMs: +median(sorted).toFixed(3),
    editToPreviewP95Ms: +percentile(sorted, 95).toFixed(3),
  };
}

interface BenchServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

async function benchServer(databaseUrl: string | undefined, dir: string): Promise<BenchServer> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dir });
  await migrateDatabase(database);
  const config = {
    dataDir: dir,
    databaseUrl,
    logLevel: 'silent' as const,
    smtpUrl: undefined,
    natsUrl: undefined,
    seedDemo: false,
    cartWritesPer10s: 0,
  };
  const app = await buildApp({ database, logger: false, config });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Publish → visible: from sending Publish to the public page answering with the new content.
 * `writer` publishes; `reader` (the same app, or a second app with its own pool, page cache and
 * LISTEN connection, as a second server process has) is asked for the page until it shows it.
 * The reader's cached copy is warmed first, so the figure includes the cross-process NOTIFY.
 */
async function publishToVisible(databaseUrl?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-studio-'));
  const writer = await benchServer(databaseUrl, dir);
  const reader = databaseUrl ? await benchServer(databaseUrl, dir) : writer;
  const host = `bench-${Date.now().toString(36)}.test`;
  const websiteId = await seedDemoSite(writer.app.database.db, {
    identifier: host,
    hosts: [host],
    isDefault: false,
  });
  // Crumbs are signed per site: take one the server itself would set on a page.
  const crumb = writer.app.crumbs.issue(websiteId);
  const signIn = await writer.app.inject({
    method: 'POST',
    url: '/api/site-users/account/session',
    headers: { host, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
    payload: DEMO_OWNER,
  });
  const session = signIn.cookies.find((c) => c.name === 'siteUserSession')!.value;
  const headers = { host, cookie: `crumb=${crumb}; siteUserSession=${session}`, 'x-csrf-token': crumb };
  const pages = (await writer.app.inject({ method: 'GET', url: '/api/studio/pages', headers })).json().pages;
  const about = pages.find((p: { urlId: string }) => p.urlId === 'about');
  const samples: number[] = [];
  for (let round = 0; round < 15; round++) {
    const text = `Published ${round}`;
    const layout = {
      sections: [{ id: 's', blocks: [{ id: 'h', type: 'heading', props: { text, level: 1 } }] }],
    };
    await reader.app.inject({ method: 'GET', url: '/about', headers: { host } });
    const started = performance.now();
    await writer.app.inject({
      method: 'POST',
      url: `/api/studio/pages/${about.id}/publish`,
      headers,
      payload: { layout },
    });
    for (;;) {
      const page = await reader.app.inject({ method: 'GET', url: '/about', headers: { host } });
      if (page.body.includes(text)) break;
      if (performance.now() - started > 5000) throw new Error('published content not visible after 5 s');
      await new Promise((r) => setTimeout(r, 2));
    }
    samples.push(performance.now() - started);
  }
  if (reader !== writer) await reader.close();
  await writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const sorted = samples.slice(3).sort((a, b) => a - b);
  return {
    backend: databaseUrl
      ? 'postgresql, two app instances (publish on one, read on the other)'
      : 'pglite, in process',
    publishToVisibleMedianMs: +median(sorted).toFixed(1),
    publishToVisibleMaxMs: +sorted.at(-1)!.toFixed(1),
  };
}

/** Goals: edit → preview under 100 ms, publish → visible under 1 s. */
export async function run() {
  const edit = editToPreview();
  const local = await publishToVisible();
  // BENCH_DATABASE_URL (a PostgreSQL the bench may write a site into) adds the two-process figure.
  const url = process.env.BENCH_DATABASE_URL;
  const shared = url ? await publishToVisible(url) : undefined;
  const worstPublish = Math.max(local.publishToVisibleMaxMs, shared?.publishToVisibleMaxMs ?? 0);
  return {
    ...firstLoad(),
    ...edit,
    publishToVisible: shared ? [local, shared] : [local],
    goals: {
      editToPreviewUnder100Ms: edit.editToPreviewP95Ms < 100,
      publishToVisibleUnder1s: worstPublish < 1000,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await run(), null, 2));
