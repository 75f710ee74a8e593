import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media files live. Local disk under DATA_DIR by default; an S3-compatible store
 * implements the same three calls so several processes can serve the same files.
 */
export interface MediaStorage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Remove every file whose key starts with `prefix`. */
  removePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9]+\/[a-z0-9.]+$/;

export function localDiskStorage(root: string): MediaStorage {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      await fs.writeFile(file(key), body);
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      return fs.readFile(file(key)).catch(() => null);
    },
    async removePrefix(prefix) {
      if (!/^[a-z0-9]+$/.test(prefix)) return;
      await fs.rm(path.join(root, prefix), { recursive: true, force: true });
    },
  };
}
