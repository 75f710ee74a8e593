import type { Formatter, RenderContext } from '../../plugin-api';
import { isTruthy } from '../../values';
import { attr, count, json, out } from './markup';
import { getPath, Scope } from './scope';

/** The button label: custom text, else the (localized) subscribe or add-to-cart text. */
function label(
  useCustom: unknown,
  custom: unknown,
  isSub: unknown,
  subscribe: unknown,
  add: unknown,
): string {
  if (isTruthy(useCustom) && isTruthy(custom)) return attr(custom);
  if (isTruthy(isSub)) return isTruthy(subscribe) ? attr(subscribe) : 'Subscribe';
  return isTruthy(add) ? attr(add) : 'Add To Cart';
}

/** The add-to-cart button block of a product item. */
export function addToCartButton(item: unknown, ctx: RenderContext): string {
  const scope = new Scope(ctx, [item]);
  const content = scope.resolve('structuredContent');
  const formId = getPath(content, ['additionalFieldsFormId']);
  const form = getPath(content, ['additionalFieldsForm']);
  const useCustom = getPath(content, ['useCustomAddButtonText']);
  const custom = getPath(content, ['customAddButtonText']);
  const isSub = getPath(content, ['isSubscribable']);
  const subOptions = scope.resolve('structuredContent.productSubscriptionOptions');
  const text = label(
    useCustom,
    custom,
    isSub,
    scope.resolve('localizedStrings.productSubscribeText'),
    scope.resolve('localizedStrings.productAddToCartText'),
  );
  const usesForm = isTruthy(formId) && isTruthy(form);
  const subscriptionOption = count(subOptions) !== 0 && isTruthy(isSub);
  // The leading blank lines are those of the platform's template (one per variable it binds).
  return (
    '\n'.repeat(13) +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
    (usesForm ? 'use-form' : '') +
    '" role="button" tabindex="0" data-dynamic-strings' +
    ` data-collection-id="${out(scope.resolve('collectionId'))}"` +
    ` data-item-id="${out(scope.resolve('id'))}"` +
    ` data-product-type="${out(getPath(content, ['productType']))}"` +
    ` data-use-custom-label="${out(useCustom)}" ` +
    (isTruthy(isSub) ? `data-is-subscription="${out(isSub)}" ` : '') +
    `data-original-label="${text}" ` +
    (usesForm ? `data-form="${attr(json(form))}"` : '') +
    (subscriptionOption ? `data-subscription-option-id="${out(getPath(subOptions, [0, 'id']))}"` : '') +
    '>\n' +
    `    <div class="sqs-add-to-cart-button-inner">${text}</div>\n` +
    '  </div>\n' +
    '</div>'
  );
}

/** `add-to-cart-btn` */
export const addToCartButtonFormatter: Formatter = (value, _args, ctx) => addToCartButton(value, ctx);
