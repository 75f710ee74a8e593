import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { googlePlaces } from '../services/places/google-places';
import { offlinePlaces } from '../services/places/offline-places';
import type { PlacesProvider } from '../services/places/places-provider';
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
  const { places } = app.config;
  const provider: PlacesProvider = places
    ? googlePlaces({ apiKey: places.googleApiKey, apiBase: places.googleApiBase })
    : offlinePlaces;

  const unavailable = () =>
    new ApiError('SERVICE_UNAVAILABLE', 'Address suggestions are not available right now.');

  api.get(
    ...at('GET /api/google-maps/places/autocomplete', { config: { limit: PLACES_LIMIT } }),
    async (request, reply) => {
      const { input, country, sessionToken } = request.query;
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
      const found = await provider.details(placeId, { sessionToken });
      if (!found.ok) {
        request.log.warn({ provider: provider.name, reason: found.reason }, 'address details failed');
        throw unavailable();
      }
      reply.header('cache-control', 'private, max-age=300');
      return { address: found.value };
    },
  );
}
