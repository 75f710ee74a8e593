/**
 * What the gift card and download calls answer (the islands show the server's message, so
 * these are the one copy). One wording for an unknown, empty or foreign code: it must not
 * tell a guesser which codes exist.
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
  notDigital: 'Only a digital product delivers a file.',
  noFile: 'No file has been uploaded for this product.',
  missingFile: 'Send the file as multipart/form-data with one `file` field.',
  tooLarge: 'The file is larger than 200 MB.',
  cutShort: 'The upload ended before the whole file arrived. Please send it again.',
  expired: 'This download link has expired or has been used the allowed number of times.',
  invalid: 'This download link is not valid.',
  gone: 'This file is no longer available.',
} as const;
