import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAYMENT_SETTINGS_MESSAGES } from '@store/api';
import { fillMessage } from '@store/commerce';
import { parseSecretsKey } from '../../config';

/**
 * Secrets kept in the database (a site's Stripe secret key and webhook secret) are sealed with
 * AES-256-GCM under a server key that is never stored in the database: SECRETS_KEY, or, for the
 * local PGlite database only, a key file beside its data. A copy of the database alone opens
 * nothing. Sealed text is `v1:<iv>:<tag>:<ciphertext>` (base64url); the version names the
 * cipher, so another can be introduced without misreading old values.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE_NAME = 'secrets.key';

export type OpenResult = { ok: true; value: string } | { ok: false; reason: 'malformed' | 'wrong-key' };

export interface SecretBox {
  /**
   * Encrypt `plain`. `context` (e.g. the site and the column) is authenticated with it: the
   * sealed text opens only with the same context, so it cannot be moved to another site or field.
   */
  seal(plain: string, context?: string): string;
  /** Decrypt what `seal` made; a wrong key, context or a tampered value is a refusal, not an exception. */
  open(sealed: string, context?: string): OpenResult;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const SEALED_SHAPE = /^v1:([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box key is 32 bytes');
  return {
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, b64(iv), b64(cipher.getAuthTag()), b64(data)].join(':');
    },
    open(sealed, context = '') {
      const match = SEALED_SHAPE.exec(sealed);
      if (!match) return { ok: false, reason: 'malformed' };
      const [, iv = '', tag = '', data = ''] = match;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
        return { ok: true, value: plain.toString('utf8') };
      } catch {
        return { ok: false, reason: 'wrong-key' };
      }
    },
  };
}

/** The server's box, or why there is none (in words the owner is shown). */
export type SecretBoxSource = { ok: true; box: SecretBox } | { ok: false; message: string };

const fromFiles = new Map<string, SecretBox>();

/**
 * The key file in `dir`, created once (32 random bytes, base64, mode 0600). It is written to
 * a temporary name and linked into place, so two starts racing both end up with the one that
 * won and nobody ever reads a half-written file.
 */
function keyFromFile(dir: string): Buffer {
  const file = path.join(dir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const key = parseSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw Object.assign(new Error(`${file} does not hold a 32-byte key`), { code: 'EBADKEY' });
  // Only the server's own user may read it, whoever created it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return key;
}

/**
 * The box sealing this server's secrets: SECRETS_KEY when set; else, only when the database
 * is the local PGlite one in `dataDir`, its key file there; else none (PostgreSQL is shared
 * by every server and its backups travel: its key must come from the environment).
 */
export function secretBoxFor(
  config: { secretsKey?: Buffer; dataDir: string; databaseUrl?: string },
  databaseKind: 'pglite' | 'postgres',
): SecretBoxSource {
  if (config.secretsKey) return { ok: true, box: createSecretBox(config.secretsKey) };
  if (databaseKind !== 'pglite' || config.databaseUrl)
    return { ok: false, message: PAYMENT_SETTINGS_MESSAGES.secretsKeyMissing };
  const dir = path.resolve(config.dataDir);
  const known = fromFiles.get(dir);
  if (known) return { ok: true, box: known };
  try {
    const box = createSecretBox(keyFromFile(dir));
    fromFiles.set(dir, box);
    return { ok: true, box };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    // The owner is told what failed, not where the server keeps its files.
    const detail = `${KEY_FILE_NAME}: ${code}`;
    return { ok: false, message: fillMessage(PAYMENT_SETTINGS_MESSAGES.secretsKeyFileFailed, { detail }) };
  }
}
