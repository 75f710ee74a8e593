import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, openDatabase } from '../src/db/client';
import { httpRequest, spawnServer } from './helpers/spawn-server';

const root = path.resolve(import.meta.dirname, '../../..');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/create-owner.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', ...env },
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** Issue #12: create-owner against a running PGlite server printed success and the owner was lost. */
describe('one process per PGlite data directory', () => {
  it('takes over a lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    fs.writeFileSync(path.join(dir, 'juniper.pid'), '2147483646'); // no such process
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'juniper.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'juniper.pid'))).toBe(false);
  });

  it('a second process is refused with what to do; create-owner asks the running server', {
    timeout: 120_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    const server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'true' });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/stop that server first/);

      const created = await runCli(['--email', 'new-owner@example.com'], {
        DATA_DIR: dataDir,
        OWNER_PASSWORD: 'a long enough passphrase',
      });
      expect(created.out).toContain('via the running server');
      expect(created.code).toBe(0);

      // The owner exists in the server's database: signing in works.
      const page = await httpRequest(server.port, {
        method: 'GET',
        path: '/',
        headers: { host: '127.0.0.1' },
      });
      const crumb = /crumb=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1] ?? '';
      const signIn = await httpRequest(server.port, {
        method: 'POST',
        path: '/api/site-users/account/session',
        headers: {
          host: '127.0.0.1',
          'content-type': 'application/json',
          cookie: `crumb=${crumb}`,
          'x-csrf-token': crumb,
        },
        body: JSON.stringify({ email: 'new-owner@example.com', password: 'a long enough passphrase' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
