/**
 * A cart's token (the CART cookie, a subscription cart's `cartToken`): the URL-safe random
 * text the server hands out, 16 to 64 characters. One pattern for the API's schemas, the
 * server's cookie reading and the guest cart merged at sign-in.
 */
export const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** True when `value` has a cart token's shape (whether such a cart exists is the server's to say). */
export const isCartToken = (value: unknown): value is string =>
  typeof value === 'string' && CART_TOKEN_PATTERN.test(value);
