import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { trackingLimits } from './limits';

/**
 * sendBeacon with a string body sends `text/plain`: parse it as JSON in this plugin's
 * scope only. An empty body parses to undefined (the route decides if that is allowed).
 */
export function parseTextPlainAsJson(app: FastifyInstance): void {
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: trackingLimits.bodyBytes },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError('INVALID_JSON'), undefined);
      }
    },
  );
}
