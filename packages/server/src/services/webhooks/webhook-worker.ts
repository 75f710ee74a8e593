import { WEBHOOK_HEADERS } from '@store/api';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import type { SecretBoxSource } from '../payments/secret-box';
import { type SendOptions, type SendResult, postWebhook } from './sender';
import { signatureHeader } from './signing';

/** Retries stop this long after the event was queued (or re-sent): the delivery is FAILED. */
export const RETRY_WINDOW_MS = 3 * 86_400_000;
/** 30 s, 1 min, 2 min … capped at 6 hours between attempts. */
export const webhookBackoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
/** A claimed delivery is retried by any worker once this lease runs out (crash mid-send). */
const LEASE_MS = 60_000;

/** The context a secret is sealed with: it opens only for this endpoint of this site. */
export const secretContext = (websiteId: string, endpointId: string) => `webhook:${websiteId}:${endpointId}`;

export interface WebhookWorkerOptions extends SendOptions {
  secrets: () => SecretBoxSource;
  /** How a delivery is sent (tests replace it); default: postWebhook. */
  send?: typeof postWebhook;
  now?: () => Date;
}

/**
 * Claim due deliveries (FOR UPDATE SKIP LOCKED: several workers never take the same one),
 * sign and send each, and record the attempt: SENT on a 2xx; otherwise due again after the
 * backoff, or FAILED once the next attempt would fall past three days. Returns how many were
 * claimed (0: nothing was due).
 */
export async function deliverDueWebhooks(
  db: Database,
  options: WebhookWorkerOptions,
  batch = 10,
): Promise<number> {
  const now = options.now?.() ?? new Date();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'PENDING'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
        // A switched-off endpoint's deliveries wait until it is on again.
        sql`${webhookDeliveries.endpointId} in (select e.id from webhook_endpoints e where e.enabled)`,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (claimed.length === 0) return 0;
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((d) => d.endpointId))]));
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  const send = options.send ?? postWebhook;
  for (const delivery of claimed) {
    const endpoint = byId.get(delivery.endpointId);
    let result: SendResult;
    if (!endpoint) continue;
    const source = options.secrets();
    const opened = source.ok
      ? source.box.open(endpoint.secretSealed, secretContext(endpoint.websiteId, endpoint.id))
      : null;
    if (!opened?.ok) {
      result = {
        ok: false,
        status: null,
        durationMs: 0,
        error: source.ok ? 'The signing secret cannot be opened with this server key.' : source.message,
      };
    } else {
      result = await send(
        endpoint.url,
        delivery.body,
        {
          [WEBHOOK_HEADERS.signature]: signatureHeader(opened.value, delivery.body),
          [WEBHOOK_HEADERS.eventId]: delivery.eventId,
          [WEBHOOK_HEADERS.eventType]: delivery.eventType,
        },
        options,
      );
    }
    const attemptAt = options.now?.() ?? new Date();
    if (result.ok) {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'SENT',
          lockedUntil: null,
          deliveredAt: attemptAt,
          lastAttemptAt: attemptAt,
          lastResponseCode: result.status,
          lastDurationMs: result.durationMs,
          lastError: null,
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      continue;
    }
    const next = new Date(attemptAt.getTime() + webhookBackoffMs(delivery.attempts));
    const failed = next.getTime() > delivery.queuedAt.getTime() + RETRY_WINDOW_MS;
    await db
      .update(webhookDeliveries)
      .set({
        status: failed ? 'FAILED' : 'PENDING',
        lockedUntil: null,
        nextAttemptAt: next,
        lastAttemptAt: attemptAt,
        lastResponseCode: result.status,
        lastDurationMs: result.durationMs,
        lastError: result.error.slice(0, 500),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  }
  return claimed.length;
}
