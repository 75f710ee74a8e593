import { z } from 'zod';
import { id, okBody } from './common';
import { CONTRIBUTOR_ROLES } from './contributors';

/**
 * Integrations: owner API tokens (`Authorization: Bearer <token>`, acting as one contributor
 * role) and webhooks (signed deliveries of the site's events to the owner's URLs).
 * docs/api-tokens.md and docs/webhooks.md.
 */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.fulfilled',
  'order.refunded',
  'product.changed',
  'form.submitted',
  'member.joined',
  'booking.made',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'Juniper-Signature',
  eventId: 'Juniper-Event-Id',
  eventType: 'Juniper-Event-Type',
} as const;

/** Largest number of endpoints and tokens per site. */
export const platformLimits = { endpoints: 20, tokens: 50, nameLength: 80, urlLength: 2048 } as const;

export const PLATFORM_MESSAGES = {
  tokenNotFound: 'No such API token.',
  roleNotGrantable: 'You cannot make a token with a role above your own.',
  tooManyTokens: `A site can have at most ${platformLimits.tokens} API tokens. Revoke one you no longer use.`,
  endpointNotFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery.',
  tooManyEndpoints: `A site can have at most ${platformLimits.endpoints} webhook endpoints.`,
  urlInvalid: 'Enter a full https:// address.',
  urlPrivate:
    'Webhooks are not sent to private, loopback or link-local addresses ({host} is {address}). Allow private targets on the server (WEBHOOKS_ALLOW_PRIVATE) to use one.',
  urlUnresolvable: 'The address {host} could not be found.',
  secretsKeyMissing:
    'Webhooks cannot be added yet: the server has no key to seal their signing secrets with. Set SECRETS_KEY on the server and restart it.',
  chooseEvents: 'Choose at least one event.',
} as const;

const roleCode = z
  .number({ message: 'Choose a role.' })
  .int()
  .refine((code) => Object.hasOwn(CONTRIBUTOR_ROLES, code), 'Choose one of the contributor roles.');

const apiToken = z.object({
  id: z.string(),
  name: z.string(),
  roleCode: z.number().int(),
  roleName: z.string(),
  /** The token's first characters, to tell tokens apart (the rest is never shown again). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

const webhookEvent = z.enum(WEBHOOK_EVENTS);
const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
});

const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});

const endpointUrl = z.string().trim().min(1, PLATFORM_MESSAGES.urlInvalid).max(platformLimits.urlLength);
const events = z.array(webhookEvent).min(1, PLATFORM_MESSAGES.chooseEvents).max(WEBHOOK_EVENTS.length);

export const platformRoutes = {
  'GET /api/studio/api-tokens': {
    summary: "Studio: the site's API tokens (never the tokens themselves) and the roles one may be given",
    response: z.object({
      tokens: z.array(apiToken),
      roles: z.array(z.object({ code: z.number().int(), name: z.string(), grantable: z.boolean() })),
    }),
  },
  'POST /api/studio/api-tokens': {
    summary: 'Studio: make an API token acting as a contributor role; the token is in this answer only',
    status: 201,
    body: z.object({ name: z.string().trim().min(1).max(platformLimits.nameLength), roleCode }),
    response: z.object({ token: apiToken, secret: z.string() }),
  },
  'DELETE /api/studio/api-tokens/:id': {
    summary: 'Studio: revoke an API token (requests with it are refused from now on)',
    params: z.object({ id }),
    response: okBody,
  },
  'GET /api/studio/webhooks': {
    summary: "Studio: the site's webhook endpoints and the events they can subscribe to",
    response: z.object({
      endpoints: z.array(webhookEndpoint),
      events: z.array(z.string()),
      /** Whether this server sends to private and loopback addresses (WEBHOOKS_ALLOW_PRIVATE). */
      allowPrivate: z.boolean(),
    }),
  },
  'POST /api/studio/webhooks': {
    summary: 'Studio: subscribe a URL to events; the signing secret is in this answer only',
    status: 201,
    body: z.object({
      url: endpointUrl,
      description: z.string().trim().max(platformLimits.nameLength).optional(),
      events,
    }),
    response: z.object({ endpoint: webhookEndpoint, secret: z.string() }),
  },
  'PUT /api/studio/webhooks/:id': {
    summary: "Studio: change an endpoint's URL, events, description or whether it is on",
    params: z.object({ id }),
    body: z.object({
      url: endpointUrl.optional(),
      description: z.string().trim().max(platformLimits.nameLength).optional(),
      events: events.optional(),
      enabled: z.boolean().optional(),
    }),
    response: z.object({ endpoint: webhookEndpoint }),
  },
  'DELETE /api/studio/webhooks/:id': {
    summary: 'Studio: remove an endpoint and its deliveries',
    params: z.object({ id }),
    response: okBody,
  },
  'GET /api/studio/webhooks/:id/deliveries': {
    summary: "Studio: an endpoint's latest deliveries (newest first) with their last attempt",
    params: z.object({ id }),
    response: z.object({ deliveries: z.array(webhookDelivery) }),
  },
  'POST /api/studio/webhooks/:id/deliveries/:deliveryId/resend': {
    summary: 'Studio: send a delivery again (same event id and body, signed anew)',
    params: z.object({ id, deliveryId: id }),
    response: z.object({ delivery: webhookDelivery }),
  },
} as const;

export type ApiTokenView = z.infer<typeof apiToken>;
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;
export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;
