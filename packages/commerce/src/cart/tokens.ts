/**
 * The random tokens the server hands out in cookies and links: a cart's token (the CART cookie,
 * a subscription cart's `cartToken`) and a newsletter unsubscribe link's token. Both are
 * URL-safe text of 16 to 64 characters; one pattern for the API's schemas, the server's cookie
 * reading and the guest cart merged at sign-in, and the unsubscribe page's island.
 */
export const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const UNSUBSCRIBE_TOKEN_PATTERN = CART_TOKEN_PATTERN;

/** True when `value` has a cart token's shape (whether such a cart exists is the server's to say). */
export const isCartToken = (value: unknown): value is string =>
  typeof value === 'string' && CART_TOKEN_PATTERN.test(value);

/** True when `value` has an unsubscribe token's shape (whether it names a subscriber is the server's to say). */
export const isUnsubscribeToken = (value: unknown): value is string =>
  typeof value === 'string' && UNSUBSCRIBE_TOKEN_PATTERN.test(value);
