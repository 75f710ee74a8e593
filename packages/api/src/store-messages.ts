/**
 * What the store's calls answer when an order action, a gift card, a download, the cart or a
 * saved address is refused: the islands and the studio show the server's message, so these
 * are the one copy. `{name}` placeholders are filled with fillMessage.
 */

/** What the owner reads when an order action does not apply (409 ORDER_STATE_CONFLICT). */
export const ORDER_MESSAGES = {
  notFound: 'We could not find that order.',
  busy: 'Another change to this order is being made. Try again in a moment.',
  providerSilent:
    'The payment provider did not answer. The change is retried automatically within a few minutes; check the order again then.',
  providerGone:
    'The payment provider that took this payment is not connected any more. Reconnect it in Store settings → Payments.',
  providerRefused: 'The payment provider refused the change.',
  capture: 'Only a pending order can be captured; this order is {status}.',
  fulfill: 'Only a paid order can be marked fulfilled; this order is {status}.',
  cancel: 'Only a pending or paid order can be canceled; this order is {status}.',
  refund: 'Only a paid or fulfilled order can be refunded; this order is {status}.',
  trackingRequired: 'Enter a tracking number.',
  nothingToRefund: 'Nothing is left to refund on this order.',
  refundTooLarge: 'The refund cannot be more than the {remaining} still refundable.',
  changedMeanwhile: 'This order was changed by someone else meanwhile; reload it and try again.',
} as const;

/**
 * One wording for an unknown, empty or foreign gift card code: it must not tell a guesser
 * which codes exist.
 */
export const GIFT_CARD_MESSAGES = {
  invalid: 'This gift card is not valid or has no balance.',
  notForGiftCards: 'A gift card cannot be used to buy another gift card.',
  onlyGiftCards: 'A gift card cannot be used to buy another gift card: this cart only holds gift cards.',
  notAGiftCard: 'Only a gift card can be sent to a recipient.',
  entryNotFound: 'That item is no longer in your cart.',
  balanceChanged: 'The balance of a gift card changed. Please review your cart and try again.',
  tooManyCards: 'At most 5 gift cards can be applied to one order.',
} as const;

export const DOWNLOAD_MESSAGES = {
  productNotFound: 'That product does not exist.',
  notDigital: 'Only a digital product delivers a file.',
  noFile: 'No file has been uploaded for this product.',
  missingFile: 'Send the file as multipart/form-data with one `file` field.',
  tooLarge: 'The file is larger than 200 MB.',
  cutShort: 'The upload ended before the whole file arrived. Please send it again.',
  expired: 'This download link has expired or has been used the allowed number of times.',
  invalid: 'This download link is not valid.',
  gone: 'This file is no longer available.',
} as const;

/** The visitor's cart and saved addresses. */
export const STORE_CART_MESSAGES = {
  shippingOptionUnavailable: 'That shipping option is not available.',
  shippingAddressRequired: 'Required',
  shippingOptionRequired: 'Select a shipping option.',
  addressLimit: 'You can save up to {max} addresses.',
} as const;

/** The store's settings (commerce preferences); the other settings messages are STORE_SETTINGS_MESSAGES. */
export const STORE_PREFERENCE_MESSAGES = {
  siteNotFound: 'Not found.',
  notAnObject: 'The preferences must be an object.',
  invalid: 'The request has invalid fields.',
} as const;
