import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_SETTINGS_MESSAGES } from '@store/api';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { KEY_FILE_NAME, createSecretBox, secretBoxFor } from '../../src/services/payments/secret-box';

const SECRET = 'sk_test_51HsecretBoxPlaintextValue';
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals to versioned text that does not contain the secret, and opens it again', () => {
    const sealed = box.seal(SECRET, 'site-1:secretKey');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64url'));
    expect(box.open(sealed, 'site-1:secretKey')).toEqual({ ok: true, value: SECRET });
  });

  it('seals the same secret differently every time (a fresh IV)', () => {
    expect(box.seal(SECRET)).not.toBe(box.seal(SECRET));
  });

  it('refuses another key, another context and any changed character, as values', () => {
    const sealed = box.seal(SECRET, 'site-1:secretKey');
    expect(createSecretBox(randomBytes(32)).open(sealed, 'site-1:secretKey')).toEqual({
      ok: false,
      reason: 'wrong-key',
    });
    expect(box.open(sealed, 'site-2:secretKey')).toEqual({ ok: false, reason: 'wrong-key' });
    // A changed character of the data (the first one: all six of its bits count, unlike the
    // last character's, whose spare bits may not decode into any byte).
    const at = sealed.lastIndexOf(':') + 1;
    const changed = sealed[at] === 'A' ? 'B' : 'A';
    expect(box.open(`${sealed.slice(0, at)}${changed}${sealed.slice(at + 1)}`, 'site-1:secretKey').ok).toBe(
      false,
    );
    for (const junk of ['', 'v1:', 'v2:aaaaaaaaaaaaaaaa:bbbbbbbbbbbbbbbbbbbbbb:cc', SECRET, 'v1:x:y:z'])
      expect(box.open(junk)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow();
  });
});

describe('the server key', () => {
  it('SECRETS_KEY is read as base64 or hex, and anything else stops the server naming the variable', () => {
    const key = randomBytes(32);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: key.toString('hex') }).secretsKey).toEqual(key);
    expect(loadConfig({ SECRETS_KEY: key.toString('base64url') }).secretsKey).toEqual(key);
    expect(loadConfig({}).secretsKey).toBeUndefined();
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex')]) {
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(/SECRETS_KEY must be 32 bytes/);
      // The value itself is never repeated in the message.
      expect(() => loadConfig({ SECRETS_KEY: bad })).not.toThrow(bad);
    }
  });

  it('SECRETS_KEY is used whatever the database', () => {
    const secretsKey = randomBytes(32);
    const sealed = createSecretBox(secretsKey).seal(SECRET);
    for (const kind of ['pglite', 'postgres'] as const) {
      const source = secretBoxFor({ secretsKey, dataDir: '/nonexistent' }, kind);
      expect(source.ok && source.box.open(sealed)).toEqual({ ok: true, value: SECRET });
    }
  });

  it('without SECRETS_KEY, PostgreSQL has no box and says to set it', () => {
    const dataDir = tempDir();
    expect(secretBoxFor({ dataDir }, 'postgres')).toEqual({
      ok: false,
      message: PAYMENT_SETTINGS_MESSAGES.secretsKeyMissing,
    });
    expect(secretBoxFor({ dataDir, databaseUrl: 'postgres://x/y' }, 'pglite').ok).toBe(false);
    expect(fs.existsSync(path.join(dataDir, KEY_FILE_NAME))).toBe(false);
  });

  it('without SECRETS_KEY, PGlite gets a key file beside its data, mode 0600, made once and kept', () => {
    const dataDir = tempDir();
    const first = secretBoxFor({ dataDir }, 'pglite');
    if (!first.ok) throw new Error(first.message);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(Buffer.from(text.trim(), 'base64')).toHaveLength(32);
    const sealed = first.box.seal(SECRET);
    // Another process (a restart) reads the same file and opens what the first sealed.
    const key = Buffer.from(text.trim(), 'base64');
    expect(createSecretBox(key).open(sealed)).toEqual({ ok: true, value: SECRET });
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    // No temporary files are left beside it.
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE_NAME]);
  });

  it('a key file that cannot be made is a refusal in words, not an exception', () => {
    const blocked = path.join(tempDir(), 'not-a-dir');
    fs.writeFileSync(blocked, 'a file where the data directory should be');
    const source = secretBoxFor({ dataDir: blocked }, 'pglite');
    expect(source.ok).toBe(false);
    if (!source.ok) {
      expect(source.message).toMatch(/^Keys cannot be stored safely yet: the server could not create/);
      expect(source.message).not.toContain(blocked);
    }
  });
});
