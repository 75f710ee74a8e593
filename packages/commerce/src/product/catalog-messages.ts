import { CATEGORY_LENGTH_MAX, MAX_NESTED_CATEGORIES, MAX_PRODUCTS_PER_COLLECTION } from './catalog-limits';

/**
 * What the owner is told when a product, variant or category is refused. The API answers
 * with these and the studio shows them; `{name}` placeholders are filled with fillMessage.
 */
export const CATALOG_MESSAGES = {
  titleRequired: 'Please enter a product title',
  urlIdInvalid: 'A URL may only use lower-case letters, digits and dashes.',
  urlIdTaken: 'The URL "{urlId}" is already used.',
  storeNotFound: 'Unable to locate content',
  notAStore: 'This page is not a store.',
  productNotFound: 'This product no longer exists.',
  tooManyProducts: `A store holds at most ${MAX_PRODUCTS_PER_COLLECTION} products.`,
  tooManyCategories: `A store holds at most ${MAX_NESTED_CATEGORIES} categories.`,
  categoryTooLong: `A category name is at most ${CATEGORY_LENGTH_MAX} characters.`,
  categoryRequired: 'Please enter a category name.',
  categoryTaken: 'The category "{name}" already exists.',
  unknownCategory: 'The category {id} is not in this store.',
  unknownForm: 'The additional-fields form {id} does not exist.',
  unknownImage: 'The image {id} is not in the media library.',
  skuConflict: 'Another save took one of these SKUs or URLs at the same moment. Please try again.',
  skuTaken: 'The SKU "{sku}" is already used by another variant.',
  skuRepeated: 'The SKU "{sku}" is used twice.',
  variantsRequired: 'A product needs at least one variant.',
  variantsInvalid: 'The variants of this product are not valid.',
  optionRepeated: 'The option "{option}" is listed twice.',
  missingOptionValue: 'The variant {sku} needs a value for {option}.',
  unknownOption: 'The variant {sku} has a value for {option}, which is not an option of this product.',
  duplicateCombination: 'Two variants have the same options: {combination}.',
  salePriceNotLower: 'The sale price of {sku} must be below its price.',
  untrackedStock: 'Digital products and gift cards do not track stock: {sku} takes no quantity.',
  notSubscribable: 'Only physical products and services can be sold as subscriptions.',
  planRequired: 'A subscription needs a billing period.',
  negativeStock: 'The stock of {sku} cannot go below 0.',
  variantIdRepeated: 'The variant {id} is listed twice.',
  unknownVariant: 'The variant {id} does not exist.',
  stockTwice: 'The variant {id} is changed twice in one request.',
  setOrAdjust: 'Give either a new quantity or an adjustment for {sku}, not both.',
  websiteMismatch: 'This website is not the site of the request.',
} as const;
