import { CART_ERRORS } from './errors';

/**
 * The words the cart, checkout, restock and reviews islands show, by key, with their English
 * defaults. The site can translate each one (studio → Languages → theme words); the server
 * sends a page's translations in `page.strings` and the islands fall back to these defaults,
 * so an untranslated page reads exactly as before. `{name}` placeholders are filled in.
 */
export const ISLAND_WORDS = {
  cartLoading: 'Loading your cart…',
  cartEmpty: CART_ERRORS.CART_EMPTY,
  cartContinueShopping: 'Continue shopping',
  cartImage: 'Image',
  cartItem: 'Item',
  cartQuantity: 'Quantity',
  cartPrice: 'Price',
  cartActions: 'Actions',
  cartCheckout: 'Checkout',
  cartMinimumSubtotal: 'To check out, your order subtotal must be {amount} or more.',
  cartEditDetails: 'Edit details',
  cartSave: 'Save',
  cartRemove: 'Remove',
  cartRemoveItem: 'Remove {title}',
  cartCouponCode: 'Coupon code',
  cartApply: 'Apply',
  cartAppliedCoupons: 'Applied coupons',
  cartRemoveCoupon: 'Remove coupon {code}',
  cartEnterCoupon: 'Enter a coupon code.',
  cartCouponApplied: 'applied',
  cartCouponApplyFailed: 'Unable to apply this coupon. Please try again.',
  cartCouponRemoveFailed: 'Unable to remove this coupon. Please try again.',
  cartGiftCard: 'Gift card',
  cartAppliedGiftCards: 'Applied gift cards',
  cartRemoveGiftCard: 'Remove gift card ending {last4}',
  cartEnterGiftCard: 'Enter a gift card code.',
  cartGiftCardApplyFailed: 'Unable to apply this gift card. Please try again.',
  cartGiftCardRemoveFailed: 'Unable to remove this gift card. Please try again.',
  cartGiftCardRecipients: 'Gift card recipients',
  cartSendAsGift: 'Send as a gift',
  cartChangeRecipient: 'Change recipient',
  cartRecipientEmail: 'Recipient’s email',
  cartRecipientName: 'Recipient’s name',
  cartYourName: 'Your name',
  cartMessage: 'Message',
  cartMailedToYou: 'will be e-mailed to you.',
  cartMailedTo: 'will be e-mailed to {recipient}',
  cartRecipientSaveFailed: 'Unable to save the recipient. Please try again.',
  cartEstimateShippingAndTax: 'Estimate shipping and tax',
  cartEstimateTax: 'Estimate tax',
  cartCountry: 'Country',
  cartStateRegion: 'State / region',
  cartChoose: 'Choose…',
  cartEstimatedTotal: 'Estimated total',
  cartShippingMethod: 'Shipping method',
  cartNoShippingOptions: 'No shipping options for this address.',
  cartShippingOptionFailed: 'Unable to choose this option. Please try again.',
  cartFree: 'Free',
  cartNotNeeded: 'Not needed',
  cartChooseMethod: 'Choose a method',
  cartEnterAddress: 'Enter an address',
  cartSubtotal: 'Subtotal',
  cartShipping: 'Shipping',
  cartTax: 'Tax',
  cartTaxIncluded: 'Tax (included)',
  cartDiscount: 'Discount',
  cartGiftCards: 'Gift cards',
  cartTotal: 'Total',
  checkoutLoading: 'Loading checkout…',
  checkoutContact: 'Contact',
  checkoutShippingAddress: 'Shipping address',
  checkoutEmail: 'Email',
  checkoutFirstName: 'First name',
  checkoutLastName: 'Last name',
  checkoutAddress: 'Address',
  checkoutAddress2: 'Apartment, suite (optional)',
  checkoutCity: 'City',
  checkoutState: 'State / region',
  checkoutPostalCode: 'Postal code',
  checkoutCountry: 'Country',
  checkoutChoose: 'Choose…',
  checkoutSavedAddresses: 'Saved addresses',
  checkoutChooseSavedAddress: 'Choose a saved address…',
  checkoutPayment: 'Payment',
  checkoutGiftCards: 'Gift cards',
  checkoutCardNumber: 'Card number',
  checkoutCardExpiry: 'Expiry (MM/YY)',
  checkoutCardSecurityCode: 'Security code',
  checkoutCardName: 'Name on card',
  checkoutOrderSummary: 'Order summary',
  checkoutPlaceOrder: 'Place order',
  checkoutPlacingOrder: 'Placing order…',
  checkoutUpdatingTotals: 'Updating totals…',
  checkoutCheckFields: 'Please check the fields marked below.',
  checkoutCheckCard: 'Please check the card details.',
  checkoutPlaceFailed: 'Unable to place the order. Please try again.',
  checkoutPaymentWaiting:
    'Your payment is still being confirmed by the card issuer. We will e-mail your receipt as soon as it is; if it is not, nothing is charged.',
  checkoutActionUnfinished:
    "Your bank's check of the card was not finished, so nothing was charged. Place the order to try again.",
  checkoutSubscription: 'Subscription checkout',
  checkoutLoadFailed: 'Unable to load. Try again.',
  restockCallToAction: 'Notify me when this is back in stock',
  restockEmailAddress: 'Email address',
  restockSubmit: 'Sign up',
  restockOptIn: 'Sign up for news and updates',
  restockSuccess: 'Signed up!',
  restockBlank: 'Email cannot be blank',
  restockInvalid: 'Email is invalid',
  reviewsWrite: 'Write a review',
  reviewsRating: 'Rating',
  reviewsName: 'Name',
  reviewsReview: 'Review',
  reviewsEmailNotShown: 'Email (not shown)',
  reviewsTitleOptional: 'Title (optional)',
  reviewsStar: '{count} star',
  reviewsStars: '{count} stars',
  reviewsSubmit: 'Submit review',
  reviewsVerifiedBuyer: 'Verified buyer',
  reviewsShowMore: 'Show more reviews',
  reviewsThanks: 'Thank you! Your review will appear once the shop has approved it.',
  reviewsFailed: 'Unable to send your review. Please try again later.',
  reviewsEmpty: 'No reviews yet. Be the first to write one.',
  reviewsReplyFromStore: 'Reply from the store',
} as const;
export type IslandWord = keyof typeof ISLAND_WORDS;

/** Where an island word shows, for the translation screen ("Cart", "Checkout" …). */
export function islandWordGroup(key: string): string | null {
  if (!(key in ISLAND_WORDS)) return null;
  if (key.startsWith('cart')) return 'Cart';
  if (key.startsWith('checkout')) return 'Checkout';
  if (key.startsWith('restock')) return 'Back in stock';
  return 'Reviews';
}

/**
 * An island word in the page's language: the site's translation (`strings[key]`) when it has
 * one, else the English default; `{placeholders}` filled from `values`.
 */
export function islandWord(
  strings: Record<string, string> | undefined,
  key: IslandWord,
  values?: Record<string, string>,
): string {
  const template = strings?.[key] || ISLAND_WORDS[key];
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
