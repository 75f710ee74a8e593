import { DEFAULT_LABELS } from '@store/commerce';

/** Default storefront labels (spec §3 "Localized strings", §9 default labels). */
export const defaultLocalizedStrings = {
  productAddToCartText: DEFAULT_LABELS.addToCart,
  productSubscribeText: DEFAULT_LABELS.subscribe,
  productQuickViewText: 'Quick View',
  productSoldOutText: DEFAULT_LABELS.soldOut,
  productSaleText: DEFAULT_LABELS.sale,
  productQuantityInputLabel: DEFAULT_LABELS.quantity,
  productVariantSelectText: 'Select {variantName}',
  giftCardValueDisplayText: 'Value',
  giftCardVariantSelectText: 'Select Value',
  productSummaryFormNoAnswerText: 'N/A',
  productSummaryFormLikertStronglyDisagree: 'Strongly Disagree',
  productSummaryFormLikertDisagree: 'Disagree',
  productSummaryFormLikertNeutral: 'Neutral',
  productSummaryFormLikertAgree: 'Agree',
  productSummaryFormLikertStronglyAgree: 'Strongly Agree',
};
