import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProductType } from '@store/commerce';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { orderDownloads, orderItems, productFiles, websites } from '../../db/schema/index';
import type { Db } from '../cart/cart-store';
import { serverSecret } from '../server-secret';
import { siteBaseUrl } from '../site-base-url';

const DAY_MS = 24 * 3600 * 1000;

/** The signing key, read once per database (every process shares the row). */
const secrets = new WeakMap<object, Promise<Buffer>>();
function downloadSecret(db: Db): Promise<Buffer> {
  // Inside a transaction the key is read through the transaction; the cache is per handle.
  let secret = secrets.get(db);
  if (!secret) {
    secret = serverSecret(db as Database, 'downloads');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/** HMAC of the download id and its expiry: neither can be changed without the server secret. */
export function signDownload(secret: Buffer, downloadId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${downloadId}.${expires}`).digest('base64url');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function downloadPath(secret: Buffer, downloadId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `/downloads/${downloadId}?expires=${expires}&sig=${signDownload(secret, downloadId, expires)}`;
}

/**
 * At checkout, in the order transaction: one counted, expiring download right per digital
 * line whose product has a file (its limit and lifetime are the product's at purchase time).
 */
export async function grantDownloads(
  tx: Tx,
  websiteId: string,
  orderId: string,
  entries: { itemId: string; productType: number }[],
): Promise<void> {
  const itemIds = [
    ...new Set(entries.filter((e) => e.productType === ProductType.DIGITAL).map((e) => e.itemId)),
  ];
  if (itemIds.length === 0) return;
  const files = await tx
    .select({ itemId: productFiles.itemId, limit: productFiles.downloadLimit, days: productFiles.linkDays })
    .from(productFiles)
    .where(and(eq(productFiles.websiteId, websiteId), inArray(productFiles.itemId, itemIds)));
  if (files.length === 0) return;
  const now = Date.now();
  await tx.insert(orderDownloads).values(
    files.map((f) => ({
      websiteId,
      orderId,
      itemId: f.itemId,
      downloadLimit: f.limit,
      expiresAt: new Date(now + f.days * DAY_MS),
    })),
  );
}

/**
 * In the cancel or full-refund transaction: the order's download links stop working at once
 * (a link already sent by mail cannot be taken back, so the row refuses it).
 */
export async function revokeDownloads(tx: Tx, orderId: string): Promise<number> {
  const revoked = await tx
    .update(orderDownloads)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(orderDownloads.orderId, orderId), isNull(orderDownloads.revokedAt)))
    .returning({ id: orderDownloads.id });
  return revoked.length;
}

/** An order's live downloads as serializeOrder shows them: signed links, expiry, downloads left. */
export async function orderDownloadLinks(db: Db, order: { id: string; websiteId: string }) {
  const rows = await db
    .select()
    .from(orderDownloads)
    .where(and(eq(orderDownloads.orderId, order.id), isNull(orderDownloads.revokedAt)))
    .orderBy(asc(orderDownloads.createdAt));
  if (rows.length === 0) return [];
  const [site] = await db.select().from(websites).where(eq(websites.id, order.websiteId));
  const names = await db
    .select({ itemId: orderItems.itemId, productName: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const origin = site ? siteBaseUrl(site) : '';
  const secret = await downloadSecret(db);
  return rows.map((r) => {
    return {
      productName: names.find((n) => n.itemId === r.itemId)?.productName ?? '',
      url: `${origin}${downloadPath(secret, r.id, r.expiresAt)}`,
      expiresAt: r.expiresAt.toISOString(),
      remaining: Math.max(0, r.downloadLimit - r.downloadCount),
    };
  });
}

export type DownloadOutcome =
  | { ok: true; file: typeof productFiles.$inferSelect; remaining: number }
  | { ok: false; why: 'invalid' | 'expired' | 'gone' };

/**
 * Spend one download of a signed link: the signature (constant-time compare) must match the
 * id and expiry, then one guarded UPDATE counts it (`download_count < download_limit and
 * expires_at > now()`), so parallel downloads never pass the limit.
 */
export async function takeDownload(
  db: Database,
  websiteId: string,
  downloadId: string,
  expires: string | undefined,
  sig: string | undefined,
): Promise<DownloadOutcome> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !sig || !/^[\w-]{1,64}$/.test(downloadId))
    return { ok: false, why: 'invalid' };
  const secret = await downloadSecret(db);
  if (!sameSignature(sig, signDownload(secret, downloadId, Number(expires))))
    return { ok: false, why: 'invalid' };
  const [row] = await db
    .select({
      itemId: orderDownloads.itemId,
      expiresAt: orderDownloads.expiresAt,
      revokedAt: orderDownloads.revokedAt,
    })
    .from(orderDownloads)
    .where(and(eq(orderDownloads.id, downloadId), eq(orderDownloads.websiteId, websiteId)));
  if (!row || Math.floor(row.expiresAt.getTime() / 1000) !== Number(expires))
    return { ok: false, why: 'invalid' };
  // The order was canceled or refunded: the file is no longer the buyer's.
  if (row.revokedAt) return { ok: false, why: 'gone' };
  const [file] = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.websiteId, websiteId), eq(productFiles.itemId, row.itemId)));
  if (!file) return { ok: false, why: 'gone' };
  const [counted] = await db
    .update(orderDownloads)
    .set({ downloadCount: sql`${orderDownloads.downloadCount} + 1` })
    .where(
      and(
        eq(orderDownloads.id, downloadId),
        lt(orderDownloads.downloadCount, orderDownloads.downloadLimit),
        gt(orderDownloads.expiresAt, sql`now()`),
        isNull(orderDownloads.revokedAt),
      ),
    )
    .returning({ count: orderDownloads.downloadCount, limit: orderDownloads.downloadLimit });
  if (!counted) return { ok: false, why: 'expired' };
  return { ok: true, file, remaining: counted.limit - counted.count };
}
