/** Business constants of spec §9 used by the store rules. Values are verbatim from the spec. */

/** Quantity limits for one add-to-cart (spec §5, §9). */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_DEFAULT = 1;

/** The cart pill shows "100+" above this count (spec §4, §9). */
export const CART_COUNT_CAP = 100;

/** Add-to-cart button timings in milliseconds (spec §4, §9). */
export const ADDED_DELAY_MS = 1000;
export const ADDED_RESET_MS = 2000;
export const ERROR_RESET_MS = 1000;
export const SELECT_OPTION_FLASH_MS = 2000;

/** Money display limits (spec §3, §9). */
export const MAX_INTEGER_PLACES = 15;

/** Instalments (spec §9). */
export const DEFAULT_INSTALMENTS = 4;

/** Billing periods per year (spec §9). */
export const BILLING_PERIODS_PER_YEAR = { WEEK: 52, MONTH: 12, YEAR: 1 } as const;

/** Default button and label texts (spec §9). */
export const DEFAULT_LABELS = {
  addToCart: 'Add to Cart',
  subscribe: 'Subscribe',
  purchase: 'Purchase',
  adding: 'Adding…',
  added: 'Added!',
  selectOption: 'Select Option',
  soldOut: 'sold out',
  sale: 'sale',
  quantity: 'Quantity',
} as const;

/** Alert titles for add failures (spec §8). */
export const ADD_FAILURE_TITLES = {
  cart: 'Unable to Add Item',
  express: 'Unable to Purchase Item',
  giftCard: 'Unable to purchase Gift Card',
} as const;
