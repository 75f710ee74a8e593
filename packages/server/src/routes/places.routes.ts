import { PLACES_MESSAGES } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { answerFor, valueOrFail } from '../reasons';
import { secretBoxFor } from '../services/payments/secret-box';
import {
  checkGoogleKey,
  placesProviders,
  readPlacesSettings,
  removePlacesKey,
  savePlacesKey,
  storedGoogleKey,
} from '../services/places/places-settings';
import { at, zodRoutes } from './api-schema';

/** A buyer types into an address field: generous, but a script cannot run up a Google bill. */
const PLACES_LIMIT = { name: 'places', max: 120, windowMs: 60_000 };

/**
 * Address autocomplete for the checkout (spec §7): `autocomplete` suggests places for a postal
 * code or a city name, `details` gives the address parts of the one picked. Offline datasets
 * answer unless the server has a Google Places key.
 */
export async function placesRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  const server = app.config.places ?? {};
  const secrets = () => secretBoxFor(app.config, app.database.kind);
  const providerFor = placesProviders(db, secrets, server);

  const unavailable = () =>
    new ApiError('SERVICE_UNAVAILABLE', 'Address suggestions are not available right now.');

  api.get(
    ...at('GET /api/google-maps/places/autocomplete', { config: { limit: PLACES_LIMIT } }),
    async (request, reply) => {
      const { input, country, sessionToken } = request.query;
      const provider = await providerFor(request.site.id);
      const found = await provider.autocomplete({ input, country, sessionToken });
      if (!found.ok) {
        request.log.warn({ provider: provider.name, reason: found.reason }, 'address suggestions failed');
        throw unavailable();
      }
      reply.header('cache-control', 'private, max-age=300');
      return { predictions: found.value };
    },
  );

  api.get(
    ...at('GET /api/google-maps/places/details', { config: { limit: PLACES_LIMIT } }),
    async (request, reply) => {
      const { placeId, sessionToken, productPage, productSection } = request.query;
      // The spec's rule: a details call carries where the form is; without it, an error is
      // logged (the address is still answered: the buyer is not the one to blame).
      if (!productPage || !productSection)
        request.log.error(
          { productPage: productPage ?? null, productSection: productSection ?? null },
          'places details called without tracking context (productPage and productSection)',
        );
      const provider = await providerFor(request.site.id);
      const found = await provider.details(placeId, { sessionToken });
      if (!found.ok) {
        request.log.warn({ provider: provider.name, reason: found.reason }, 'address details failed');
        throw unavailable();
      }
      reply.header('cache-control', 'private, max-age=300');
      return { address: found.value };
    },
  );

  // Settings → Address suggestions: the owner's own Google key.
  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const own = zodRoutes(owner);
    own.get(...at('GET /api/owner/places'), (request) =>
      readPlacesSettings(db, request.site.id, secrets(), server),
    );
    own.put(...at('PUT /api/owner/places'), async (request) =>
      valueOrFail(await savePlacesKey(db, request.site.id, request.body.googleApiKey, secrets(), server)),
    );
    own.delete(...at('DELETE /api/owner/places'), (request) =>
      removePlacesKey(db, request.site.id, secrets(), server),
    );
    own.post(...at('POST /api/owner/places/check'), async (request) => {
      const key = request.body.googleApiKey ?? (await storedGoogleKey(db, request.site.id, secrets()));
      if (!key) return { ok: false, message: PLACES_MESSAGES.keyRequired };
      const checked = await checkGoogleKey(key, server);
      return checked.ok ? checked.value : { ok: false, message: answerFor(checked).message };
    });
  });
}
