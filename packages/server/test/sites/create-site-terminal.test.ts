import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { siteUsers, websites } from '../../src/db/schema/index';
import { verifyPassword } from '../../src/services/site-users/password';

const root = path.resolve(import.meta.dirname, '../../../..');
// util-linux `script` gives the command a real terminal (a pty), as a person typing would.
const hasScript = spawnSync('script', ['--version']).status === 0;

/**
 * The prompts depend on the terminal, not on the database, so this runs on PGlite only;
 * create-site-cli.test.ts covers both back-ends.
 */
describe.skipIf(!hasScript)('npm run create-site in a terminal (util-linux script provides the pty)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-tty-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('asks for every missing value, never shows the password, and asks again when the two differ', async () => {
    const command = 'node --import tsx packages/server/src/cli/create-site.ts';
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OWNER_PASSWORD: '', LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const answers: [string, string][] = [
      ['Site title: ', 'Terminal Goods'],
      ['Owner e-mail (signs in to the studio): ', 'tty@x.test'],
      ['Owner password (at least 10 characters): ', 'first secret one'],
      ['The same password again: ', 'not the same one'],
      ['Press Enter to try again', ''],
      ['Owner password (at least 10 characters): ', 'hidden secret 42'],
      ['The same password again: ', 'hidden secret 42'],
      ['Store currency [USD]: ', 'gbp'],
      ['Store country (two letters) [US]: ', 'GB'],
      ['Time zone [', 'Europe/London'],
      ['Starter [shop]: ', ''],
    ];
    let next = 0;
    let seenUpTo = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Answer each prompt once it shows (typing ahead would let the pty echo the password).
      while (next < answers.length) {
        const [prompt, answer] = answers[next] as [string, string];
        const at = output.indexOf(prompt, seenUpTo);
        if (at < 0) break;
        seenUpTo = at + prompt.length;
        next++;
        setTimeout(() => child.stdin.write(`${answer}\r`), 50);
      }
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(next, output).toBe(answers.length);
    expect(code, output).toBe(0);
    expect(output).toContain('Created "Terminal Goods"');
    expect(output).toContain('The two passwords are not the same.');
    for (const secret of ['first secret one', 'not the same one', 'hidden secret 42'])
      expect(output).not.toContain(secret);
    const db = await openDatabase({ dataDir });
    try {
      const [site] = await db.db.select().from(websites);
      expect(site).toMatchObject({ siteTitle: 'Terminal Goods', currency: 'GBP', timeZone: 'Europe/London' });
      const [owner] = await db.db.select().from(siteUsers);
      expect(await verifyPassword('hidden secret 42', owner?.passwordHash ?? '')).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);
});
