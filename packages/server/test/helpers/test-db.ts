import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

export type Backend = 'pglite' | 'postgres';

/** The back-ends this run tests: PGlite always, PostgreSQL when a URL is configured. */
export const backends: Backend[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];

const open = new Map<Backend, Promise<DatabaseHandle>>();

/** One database per back-end per worker (the server project runs with isolate: false). */
export function testDatabase(backend: Backend): Promise<DatabaseHandle> {
  let handle = open.get(backend);
  if (!handle) {
    handle =
      backend === 'postgres'
        ? openDatabase({ databaseUrl: inject('postgresUrl'), poolSize: 20 })
        : (async () => {
            const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-worker-'));
            fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'pglite'), { recursive: true });
            return openDatabase({ dataDir: dir });
          })();
    open.set(backend, handle);
  }
  return handle;
}

/** A host name no other test uses, so each test gets its own website. */
export function uniqueHost(): string {
  return `t-${randomUUID().slice(0, 8)}.test`;
}
