import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../db/client';
import { createOwner, ownerInput } from '../services/owner/create-owner';
import { createSite } from '../services/sites/create-site';
import { newSiteInput } from '../services/sites/site-input';
import { siteReport } from './site-report';

/** Where a PGlite server listens for local admin requests (inside its data directory). */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'pglite', 'admin.sock');
}

/**
 * PGlite is single-process, so `npm run create-owner` (and `create-site`) cannot open the
 * database while the server runs: they ask the server instead, over a Unix socket in DATA_DIR that only the
 * data directory's owner can reach (mode 0600). Never exposed over TCP.
 */
export async function startAdminSocket(db: Database, dataDir: string): Promise<http.Server> {
  const file = adminSocketPath(dataDir);
  fs.rmSync(file, { force: true });
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      if (body.length < 16_384) body += c;
    });
    req.on('end', async () => {
      const reply = (status: number, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message }));
      };
      if (req.method === 'POST' && req.url === '/create-site')
        return reply(...(await createSiteAnswer(db, body)));
      if (req.method !== 'POST' || req.url !== '/create-owner') return reply(404, 'unknown admin request');
      let parsed: ReturnType<typeof ownerInput.safeParse>;
      try {
        parsed = ownerInput.safeParse(JSON.parse(body));
      } catch {
        return reply(400, 'bad request');
      }
      if (!parsed.success) return reply(400, parsed.error.issues.map((i) => i.message).join('\n'));
      try {
        const result = await createOwner(db, parsed.data);
        reply(result.ok ? 200 : 404, result.message);
      } catch {
        reply(500, 'creating the owner failed; see the server log');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return server;
}

/**
 * `npm run create-site` through the server: 201 with the report, 428 when the new site needs
 * host names, 409 for a host another site has, 400 for values it cannot use.
 */
async function createSiteAnswer(db: Database, body: string): Promise<[number, string]> {
  let parsed: ReturnType<typeof newSiteInput.safeParse>;
  try {
    parsed = newSiteInput.safeParse(JSON.parse(body));
  } catch {
    return [400, 'bad request'];
  }
  if (!parsed.success)
    return [400, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')];
  try {
    const result = await createSite(db, parsed.data);
    if (result.ok) return [201, siteReport(result.site, parsed.data.starter, parsed.data.email)];
    return [result.code === 'HOSTS_REQUIRED' ? 428 : 409, result.message];
  } catch {
    return [500, 'creating the site failed; see the server log'];
  }
}

/** Ask the server holding `dataDir` to create an owner (or a site); resolves with its status and message. */
export function askAdminSocket(
  dataDir: string,
  payload: object,
  path: '/create-owner' | '/create-site' = '/create-owner',
): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: adminSocketPath(dataDir), method: 'POST', path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, message: JSON.parse(text).message });
        } catch {
          resolve({ status: res.statusCode ?? 0, message: text });
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(payload));
  });
}
