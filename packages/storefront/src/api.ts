import { ApiFailure, createClient } from '@store/api/client';
import { cookie } from './cookies';

export { ApiFailure };

/**
 * The typed API client (types from the @store/api schemas, no zod in the page): state-changing
 * calls echo the crumb cookie in X-CSRF-Token (spec §7); network failures become `offline`
 * failures, which the islands word with CART_ERRORS.NETWORK_ERROR (not imported here: the
 * entry chunk must not pull in the commerce rules).
 */
export const api = createClient({
  headers: (method) => (method === 'GET' ? {} : { 'x-csrf-token': cookie('crumb') ?? '' }),
});
