import type { Formatter, RenderContext } from '../../plugin-api';
import { isTruthy, toStr } from '../../values';
import { attr, json, out } from './markup';
import { formatMessage } from './message';
import { itemVariantOptions, ProductType, productType, type VariantOption } from './product-rules';
import { getPath } from './scope';

/** Gift cards' single option is always named "Value" and gets its own localized strings. */
function texts(item: unknown, ctx: RenderContext): { select: string; display: string } {
  const strings = (key: string) => toStr(ctx.resolve(['localizedStrings', key]));
  if (productType(item) === ProductType.GIFT_CARD) {
    return {
      select: strings('giftCardVariantSelectText') || 'Select Value',
      display: strings('giftCardValueDisplayText') || 'Value',
    };
  }
  return { select: strings('productVariantSelectText') || 'Select {variantName}', display: '{name}' };
}

function optionMarkup(option: VariantOption, select: string, display: string, locale: string | null): string {
  const name = attr(option.name);
  const selectText = formatMessage(select, { variantName: option.name }, locale);
  const selectOptions = option.values.map((v) => `<option value="${attr(v)}">${attr(v)}</option>`).join('');
  const radios = option.values
    .map((v) => {
      const id = `variant-option-${name}-${attr(v)}`;
      return (
        `\n      <input type="radio" class="variant-radiobtn" value="${attr(v)}" name="variant-option-${name}" id="${id}"/>` +
        `\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${attr(v)}</label>`
      );
    })
    .join('');
  return (
    '\n    <div class="variant-option">\n' +
    `    <div class="variant-option-title">${attr(formatMessage(display, { name: option.name }, locale))}: </div>\n` +
    '    <div class="variant-select-wrapper">\n' +
    `      <select aria-label="${selectText}" data-variant-option-name="${name}">\n` +
    `        <option value="">${attr(selectText)}</option>\n` +
    `        ${selectOptions}\n` +
    '      </select>\n' +
    '    </div>\n' +
    `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">${radios}\n` +
    '    </div>\n' +
    '    </div>'
  );
}

/** Select and radio-button markup per variant option; undefined for fewer than two variants. */
export function variantsSelect(item: unknown, ctx: RenderContext): string | undefined {
  const options = itemVariantOptions(item);
  if (options.length === 0) return undefined;
  const { select, display } = texts(item, ctx);
  const content = getPath(item, ['structuredContent']);
  const subscription = isTruthy(getPath(content, ['isSubscribable']))
    ? ` data-is-subscribable="true" data-subscription-plan="${attr(json(getPath(content, ['subscriptionPlan'])))}"`
    : '';
  return (
    '\n  \n  \n  \n  \n\n' +
    `  <div class="product-variants" data-item-id="${out(getPath(item, ['id']))}"` +
    ` data-variants="${attr(json(getPath(content, ['variants'])))}"${subscription} data-animation-role="content">` +
    options.map((o) => optionMarkup(o, select, display, ctx.locale)).join('') +
    '\n  </div>\n'
  );
}

/** `variants-select` */
export const variantsSelectFormatter: Formatter = (value, _args, ctx) => variantsSelect(value, ctx);
