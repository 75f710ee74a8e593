import { PAYMENT_SETTINGS_MESSAGES } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import {
  keysToCheck,
  readPaymentSettings,
  type SettingsRefusal,
  savePaymentSettings,
} from '../services/payments/payment-settings.service';
import { secretBoxFor } from '../services/payments/secret-box';
import { createStripeProvider, stripeApiBase } from '../services/payments/stripe-provider';
import { at, zodRoutes } from './api-schema';

/** How long a connection check waits for Stripe before saying it could not be reached. */
const CHECK_TIMEOUT_MS = 10_000;

/** The HTTP answer of a refused save or check: 400 with the fields' messages, 422 without a key to seal with. */
function refusal(outcome: SettingsRefusal): never {
  if (outcome.reason === 'INVALID')
    throw new ApiError('VALIDATION_FAILED', outcome.message, { errors: outcome.errors });
  throw new ApiError('UNPROCESSABLE', outcome.message);
}

/**
 * Commerce → Store settings → Payments: the site's payment provider (the built-in test mode
 * or Stripe), its capture mode and Stripe keys. Secrets go into the database sealed with the
 * server's key and never come back out to a browser; the studio sees their last four characters.
 * `onSaved` is told the site whose settings changed (to drop a cached provider at once).
 */
export async function paymentSettingsRoutes(
  app: FastifyInstance,
  options: { onSaved?: (siteId: string) => void } = {},
) {
  const db = app.database.db;
  const secrets = () => secretBoxFor(app.config, app.database.kind);
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/owner/store/payments'), (request) =>
    readPaymentSettings(db, request.site, secrets()),
  );

  api.put(...at('PUT /api/owner/store/payments'), async (request) => {
    const saved = await savePaymentSettings(db, request.site, request.body, secrets());
    if (!saved.ok) refusal(saved);
    options.onSaved?.(request.site.id);
    return saved.value;
  });

  api.post(...at('POST /api/owner/store/payments/check'), async (request) => {
    const keys = await keysToCheck(db, request.site.id, request.body, secrets());
    if (!keys.ok) refusal(keys);
    const api = stripeApiBase(app.config.stripeApiBase);
    const provider = createStripeProvider({
      ...keys.keys,
      ...(api ? { api } : {}),
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    if (!provider.checkConnection)
      return { ok: false as const, message: PAYMENT_SETTINGS_MESSAGES.checkUnavailable };
    const answer = await provider.checkConnection().catch((error: unknown) => {
      // Only the kind of failure is logged: the keys are never written anywhere.
      request.log.warn({ err: { name: (error as Error)?.name } }, 'Stripe connection check failed');
      return { ok: false as const, message: 'Stripe could not be reached. Please try again.' };
    });
    if (!answer.ok) return { ok: false as const, message: answer.message };
    return {
      ok: true as const,
      mode: answer.livemode ? ('live' as const) : ('test' as const),
      message: answer.livemode
        ? PAYMENT_SETTINGS_MESSAGES.connectedLive
        : PAYMENT_SETTINGS_MESSAGES.connectedTest,
    };
  });
}
