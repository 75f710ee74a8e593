import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, openDatabase } from '../src/db/client';
import { processStart } from '../src/db/data-dir-lock';
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

/** `create-owner` against a running PGlite server printed success and the owner was lost. */
describe('one process per PGlite data directory', () => {
  it('takes over a lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    fs.writeFileSync(path.join(dir, 'juniper.pid'), '2147483646'); // no such process
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'juniper.pid'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'juniper.pid'))).toBe(false);
  });

  describe.runIf(fs.existsSync('/proc/self/stat'))('a lock whose pid is alive (Linux: by start time)', () => {
    /** A live process that is not the lock's owner, as after a restart that reused the pid. */
    async function otherProcess() {
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
      await new Promise((resolve) => child.once('spawn', resolve));
      return child;
    }
    const lockWith = (content: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
      fs.writeFileSync(path.join(dir, 'juniper.pid'), content);
      return dir;
    };

    it('takes over a lock whose pid now belongs to a process started later', async () => {
      const child = await otherProcess();
      try {
        const pid = child.pid as number;
        const start = processStart(pid) as string;
        expect(start).toMatch(/^[\w-]+:\d+$/);
        // The lock's owner had this pid but started at another time: it is gone.
        const earlier = start.replace(/\d+$/, (ticks) => String(Number(ticks) - 1));
        const dir = lockWith(JSON.stringify({ pid, start: earlier }));
        const release = lockDataDir(dir);
        expect(JSON.parse(fs.readFileSync(path.join(dir, 'juniper.pid'), 'utf8'))).toEqual({
          pid: process.pid,
          start: processStart(process.pid),
        });
        release();
        expect(fs.existsSync(path.join(dir, 'juniper.pid'))).toBe(false);
      } finally {
        child.kill();
      }
    });

    it('refuses a lock held by the very process that wrote it (same pid, same start)', async () => {
      const child = await otherProcess();
      try {
        const pid = child.pid as number;
        const dir = lockWith(JSON.stringify({ pid, start: processStart(pid) }));
        expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
        // A lock file of an older version (a bare pid) with a live pid is respected too.
        expect(() => lockDataDir(lockWith(String(pid)))).toThrow(DataDirLockedError);
      } finally {
        child.kill();
      }
    });
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
