// Public API of @store/commerce: the store's rules as pure functions, shared by browser and server,
// grouped by domain (each folder has its own index).

export {
  ADD_FAILURE_ERRORS,
  ADD_TO_CART_ERRORS,
  CART_ERRORS,
  COMMERCE_ERRORS,
  COUPON_ERRORS,
  CommerceError,
  type CommerceErrorCode,
  INSTALMENT_ERRORS,
  MONEY_ERRORS,
  type MoneyErrorCode,
  SUBSCRIPTION_ERRORS,
  errorMessage,
  fillMessage,
} from './errors';
export * from './constants';
export * from './money';
export * from './product';
export * from './add-to-cart';
export * from './cart';
export * from './subscriptions';
export * from './instalments';
export * from './forms';
export * from './email';
export * from './address';
export * from './media';
export * from './links';
export * from './island-words';
export * from './page-types';
export * from './donations';
