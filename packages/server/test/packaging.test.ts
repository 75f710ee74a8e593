import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every variable loadConfig reads (it reads each of its schema's keys once). */
function configVariables(): Set<string> {
  const seen = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, key) {
      if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) seen.add(key);
      return undefined;
    },
  });
  loadConfig(env);
  return seen;
}

/** Crash-test switches: read only when NODE_ENV=test, never a deployment's setting. */
const TEST_ONLY = new Set(['CHECKOUT_CRASH_AT']);

/** `process.env.X` read by the server outside loadConfig (command-line programs' inputs excluded). */
function directReads(dir = path.join(root, 'packages/server/src')): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'cli') for (const name of directReads(file)) names.add(name);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g))
        if (name && !TEST_ONLY.has(name)) names.add(name);
    }
  }
  return names;
}

/** Names in README's Configuration table (a row may name two: `A`, `B`). */
function readmeVariables(): Set<string> {
  const section = read('README.md').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = line.startsWith('| `') ? line.split('|')[1] : undefined;
    for (const [, name] of first?.matchAll(/`([A-Z][A-Z0-9_]*)`/g) ?? []) if (name) names.add(name);
  }
  return names;
}

/** `NAME=` lines of .env.example, set or commented out. */
function exampleVariables(): Set<string> {
  return new Set([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string));
}

/** `${NAME…}` interpolations of compose.yaml. */
function composeVariables(): Set<string> {
  return new Set([...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] as string));
}

const missing = (want: Set<string>, have: Set<string>) => [...want].filter((name) => !have.has(name)).sort();

describe('.env.example lists every setting, and only settings', () => {
  const example = exampleVariables();

  it.each([
    ['config.ts (loadConfig)', configVariables],
    ['the server outside config.ts', directReads],
    ["README's Configuration table", readmeVariables],
    ['compose.yaml', composeVariables],
  ])('has every variable that %s reads or names', (_source, names) => {
    const wanted = names();
    expect(wanted.size).toBeGreaterThan(0);
    expect(missing(wanted, example)).toEqual([]);
  });

  it('names nothing the server, the README or compose.yaml does not know', () => {
    const known = new Set([
      ...configVariables(),
      ...directReads(),
      ...readmeVariables(),
      ...composeVariables(),
    ]);
    expect(missing(example, known)).toEqual([]);
  });

  it('the README documents every setting the server reads', () => {
    expect(missing(new Set([...configVariables(), ...directReads()]), readmeVariables())).toEqual(
      // NODE_ENV is Node's own; the README's production recipe sets it.
      ['NODE_ENV'],
    );
  });
});

describe('the production image (Dockerfile) and compose.yaml', () => {
  const dockerfile = read('Dockerfile');
  const workspaces: string[] = JSON.parse(read('package.json')).workspaces;

  it.each(workspaces)(
    'copies %s/package.json into both stages (npm ci needs every workspace)',
    (workspace) => {
      const copies = dockerfile
        .split('\n')
        .filter((line) => line.startsWith('COPY') && line.includes(`${workspace}/package.json`));
      expect(copies).toHaveLength(2);
    },
  );

  it('runs the built JavaScript as the unprivileged user, production dependencies only, checked on the health route', () => {
    const run = dockerfile.split(/^FROM .* AS run$/m)[1] ?? '';
    expect(run).toMatch(/^RUN npm ci --omit=dev/m);
    expect(run).toMatch(/^USER node$/m);
    expect(run).toMatch(/^CMD \["node", "packages\/server\/dist\/server\/main\.js"\]$/m);
    expect(run).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
    expect(fs.existsSync(path.join(root, 'packages/server/src/routes/health.routes.ts'))).toBe(true);
    expect(read('packages/server/src/routes/health.routes.ts')).toContain("'/healthz'");
  });

  it('gives the server container only variables the server reads, and every service it scales out with', () => {
    const compose = read('compose.yaml');
    const server = compose.split(/^ {2}server:$/m)[1]?.split(/^ {2}[a-z-]+:$/m)[0] ?? '';
    const environment = server.split('environment:')[1]?.split(/^ {4}[a-z_]+:$/m)[0] ?? '';
    const names = [...environment.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);
    const known = new Set([...configVariables(), ...directReads()]);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'NATS_URL', 'S3_BUCKET', 'S3_ENDPOINT']),
    );
    for (const service of ['postgres', 'redis', 'nats', 'minio'])
      expect(compose).toMatch(new RegExp(`^ {2}${service}:$`, 'm'));
  });
});

/** Why the image cannot be built and run here, or undefined when Docker and compose answer. */
function dockerUnavailable(): string | undefined {
  const docker = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 });
  if (docker.error) return 'the docker command is not installed';
  if (docker.status !== 0) return 'no Docker daemon answers';
  const compose = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore', timeout: 20_000 });
  if (compose.status !== 0) return 'the docker compose plugin is not installed';
  return undefined;
}

describe('docker compose: image built, the shop served with PostgreSQL, Redis, NATS and MinIO', () => {
  const unavailable = dockerUnavailable();
  it.skipIf(unavailable)(
    `scripts/docker-smoke.sh passes${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    () => {
      const smoke = spawnSync('bash', [path.join(root, 'scripts/docker-smoke.sh')], {
        cwd: root,
        encoding: 'utf8',
        timeout: 900_000,
      });
      expect(smoke.stderr + smoke.stdout).toContain('docker smoke test passed');
      expect(smoke.status).toBe(0);
    },
    900_000,
  );
});
