import {
  DEFAULT_LABELS,
  FORM_MESSAGES,
  INSTALMENT_ERRORS,
  ISLAND_WORDS,
  islandWordGroup,
} from '@store/commerce';

/** Default storefront labels (spec §3 "Localized strings", §9 default labels). */
export const defaultLocalizedStrings = {
  productAddToCartText: DEFAULT_LABELS.addToCart,
  productSubscribeText: DEFAULT_LABELS.subscribe,
  productQuickViewText: 'Quick View',
  productSoldOutText: DEFAULT_LABELS.soldOut,
  productSaleText: DEFAULT_LABELS.sale,
  productQuantityInputLabel: DEFAULT_LABELS.quantity,
  productVariantSelectText: 'Select {variantName}',
  // The price formatter's "from $20.00" for products whose variants differ in price.
  productPriceFromText: 'from {fromPrice}',
  giftCardValueDisplayText: 'Value',
  giftCardVariantSelectText: 'Select Value',
  productSummaryFormNoAnswerText: 'N/A',
  productSummaryFormLikertStronglyDisagree: 'Strongly Disagree',
  productSummaryFormLikertDisagree: 'Disagree',
  productSummaryFormLikertNeutral: 'Neutral',
  productSummaryFormLikertAgree: 'Agree',
  productSummaryFormLikertStronglyAgree: 'Strongly Agree',
};

/**
 * The theme's own words (`{themeStrings.signIn}` in its templates) and what the islands say
 * (form messages, the instalment line), each translatable like the localized strings. Plain
 * text: templates print them escaped; `{count}`, `{amount}` and `{provider}` are filled in.
 */
export const defaultThemeStrings = {
  skipToContent: 'Skip to content',
  menu: 'Menu',
  closeMenu: 'Close menu',
  moreMenu: 'More',
  language: 'Language',
  search: 'Search',
  searchThisSite: 'Search this site',
  followUs: 'Follow us',
  signIn: 'Sign in',
  account: 'Account',
  signOut: 'Sign out',
  cart: 'Cart',
  reviews: 'Reviews',
  noReviewsYet: 'No reviews yet',
  youMayAlsoLike: 'You may also like',
  formNeedsScript: 'Please enable JavaScript to send this form.',
  formSubmit: 'Submit',
  formSelectOption: 'Select an option',
  formFirstName: 'First Name',
  formLastName: 'Last Name',
  formAddressLine1: 'Address Line 1',
  formAddressLine2: 'Address Line 2',
  formCity: 'City',
  formState: 'State',
  formZipCode: 'Zip Code',
  formCountry: 'Country',
  formHour: 'Hour',
  formMinute: 'Minute',
  formSecond: 'Second',
  formSubmitting: 'Submitting…',
  formRequired: FORM_MESSAGES.required,
  formEmail: FORM_MESSAGES.email,
  formCharacterLimit: FORM_MESSAGES.characterLimit,
  formInvalid: FORM_MESSAGES.invalid,
  formCaptchaMissing: FORM_MESSAGES.captchaMissing,
  formScrollDown: FORM_MESSAGES.scrollDown,
  formScrollUp: FORM_MESSAGES.scrollUp,
  formServerError: FORM_MESSAGES.serverError,
  formRateLimited: FORM_MESSAGES.rateLimited,
  formUnknown: FORM_MESSAGES.unknown,
  instalmentsLine: 'or {count} interest-free payments of {amount} with {provider}',
  instalmentsAbout: 'About {provider} instalments',
  instalmentsOver: INSTALMENT_ERRORS.INSTALMENTS_BELOW_MIN,
  instalmentsUpTo: INSTALMENT_ERRORS.INSTALMENTS_ABOVE_MAX,
  // The cart, checkout, restock and reviews islands' words.
  ...ISLAND_WORDS,
};
export type ThemeStrings = typeof defaultThemeStrings;

/** Where each theme string shows, for the translation screen. */
export function themeStringLabel(key: string): string {
  const island = islandWordGroup(key);
  if (island) return island;
  if (key.startsWith('form')) return `Forms: ${key.slice(4)}`;
  if (key.startsWith('instalments')) return 'Instalments';
  if (['reviews', 'noReviewsYet', 'youMayAlsoLike'].includes(key)) return 'Product page';
  return 'Header and menu';
}

/**
 * The theme strings the islands read (the rest are printed by the templates). The cart,
 * checkout, restock and reviews words go only where translated: the islands know the English.
 */
export function islandThemeStrings(strings: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(strings).filter(([key, text]) =>
      key in ISLAND_WORDS
        ? text !== ISLAND_WORDS[key as keyof typeof ISLAND_WORDS]
        : key.startsWith('form') || key.startsWith('instalments'),
    ),
  );
}
