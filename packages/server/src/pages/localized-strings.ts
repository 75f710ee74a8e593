/** Default storefront labels (spec §3 "Localized strings", §9 default labels). */
export const defaultLocalizedStrings = {
  productAddToCartText: 'Add to Cart',
  productSubscribeText: 'Subscribe',
  productQuickViewText: 'Quick View',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productQuantityInputLabel: 'Quantity',
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
