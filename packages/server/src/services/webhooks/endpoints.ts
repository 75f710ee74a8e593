import { randomUUID } from 'node:crypto';
import { platformLimits, type WebhookEvent } from '@store/api';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import { type Outcome, fieldRejection } from '../../reasons';
import type { SecretBoxSource } from '../payments/secret-box';
import { type Resolver, checkHost } from './address-guard';
import { newSigningSecret } from './signing';
import { secretContext } from './webhook-worker';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface TargetPolicy {
  allowPrivate: boolean;
  resolve?: Resolver;
}

const endpointView = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

const deliveryView = (row: DeliveryRow) => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastResponseCode: row.lastResponseCode,
  lastDurationMs: row.lastDurationMs,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const fail = <T>(rejection: ReturnType<typeof fieldRejection>): Outcome<T> => ({
  ok: false,
  reason: rejection.reason,
  values: rejection.values,
  details: rejection.details,
});

/**
 * An endpoint URL the server will send to: https (http only where private targets are
 * allowed, a receiver on the same machine), no credentials in it, and a host whose every
 * address is public (checked again at each send, after DNS has had time to change).
 */
export async function checkEndpointUrl(url: string, policy: TargetPolicy): Promise<Outcome<string>> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail(fieldRejection('WEBHOOK_URL_INVALID', 'url'));
  }
  const schemeOk = parsed.protocol === 'https:' || (policy.allowPrivate && parsed.protocol === 'http:');
  if (!schemeOk || parsed.username || parsed.password || !parsed.hostname)
    return fail(fieldRejection('WEBHOOK_URL_INVALID', 'url'));
  const checked = await checkHost(parsed.hostname, policy);
  if (!checked.ok) {
    if (checked.why === 'private')
      return fail(
        fieldRejection('WEBHOOK_URL_PRIVATE', 'url', { host: checked.host, address: checked.address }),
      );
    return fail(fieldRejection('WEBHOOK_URL_UNRESOLVABLE', 'url', { host: checked.host }));
  }
  return { ok: true, value: parsed.toString() };
}

export async function listEndpoints(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.websiteId, websiteId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(endpointView);
}

/** A new endpoint and its signing secret (the only time the secret is shown). */
export async function createEndpoint(
  db: Database,
  websiteId: string,
  input: { url: string; description?: string; events: WebhookEvent[] },
  context: TargetPolicy & { secrets: SecretBoxSource },
): Promise<Outcome<{ endpoint: ReturnType<typeof endpointView>; secret: string }>> {
  if (!context.secrets.ok) return { ok: false, reason: 'WEBHOOK_SECRETS_KEY_MISSING' };
  const [existing] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.websiteId, websiteId));
  if ((existing?.n ?? 0) >= platformLimits.endpoints)
    return { ok: false, reason: 'WEBHOOK_ENDPOINTS_TOO_MANY' };
  const url = await checkEndpointUrl(input.url, context);
  if (!url.ok) return url;
  const id = randomUUID();
  const secret = newSigningSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id,
      websiteId,
      url: url.value,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      secretSealed: context.secrets.box.seal(secret, secretContext(websiteId, id)),
    })
    .returning();
  return { ok: true, value: { endpoint: endpointView(row as EndpointRow), secret } };
}

export async function updateEndpoint(
  db: Database,
  websiteId: string,
  id: string,
  input: { url?: string; description?: string; events?: WebhookEvent[]; enabled?: boolean },
  policy: TargetPolicy,
): Promise<Outcome<ReturnType<typeof endpointView>>> {
  let url: string | undefined;
  if (input.url !== undefined) {
    const checked = await checkEndpointUrl(input.url, policy);
    if (!checked.ok) return checked;
    url = checked.value;
  }
  const change = {
    ...(url !== undefined ? { url } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  };
  const which = and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.websiteId, websiteId));
  // Nothing to change: the endpoint as it is (an UPDATE needs at least one column).
  const [row] =
    Object.keys(change).length === 0
      ? await db.select().from(webhookEndpoints).where(which)
      : await db.update(webhookEndpoints).set(change).where(which).returning();
  if (!row) return { ok: false, reason: 'WEBHOOK_ENDPOINT_NOT_FOUND' };
  return { ok: true, value: endpointView(row) };
}

export async function deleteEndpoint(db: Database, websiteId: string, id: string): Promise<Outcome<true>> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.websiteId, websiteId)))
    .returning({ id: webhookEndpoints.id });
  return gone.length ? { ok: true, value: true } : { ok: false, reason: 'WEBHOOK_ENDPOINT_NOT_FOUND' };
}

async function ownEndpoint(db: Database, websiteId: string, id: string) {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.websiteId, websiteId)));
  return row;
}

/** The endpoint's latest 50 deliveries, newest first. */
export async function listDeliveries(
  db: Database,
  websiteId: string,
  endpointId: string,
): Promise<Outcome<ReturnType<typeof deliveryView>[]>> {
  if (!(await ownEndpoint(db, websiteId, endpointId)))
    return { ok: false, reason: 'WEBHOOK_ENDPOINT_NOT_FOUND' };
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50);
  return { ok: true, value: rows.map(deliveryView) };
}

/**
 * Send a delivery again: the same event id and body (receivers de-duplicate on the id), due
 * now, with a fresh three-day retry window.
 */
export async function resendDelivery(
  db: Database,
  websiteId: string,
  endpointId: string,
  deliveryId: string,
): Promise<Outcome<ReturnType<typeof deliveryView>>> {
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'PENDING', attempts: 0, queuedAt: now, nextAttemptAt: now, lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.websiteId, websiteId),
      ),
    )
    .returning();
  if (!row) return { ok: false, reason: 'WEBHOOK_DELIVERY_NOT_FOUND' };
  return { ok: true, value: deliveryView(row) };
}
