import type { Formatter, RenderContext } from '../../plugin-api';
import { escapeHtml, isTruthy, toBool, toStr } from '../../values';
import { attr, json, out } from './markup';
import { formatMessage } from './message';
import { isOnSale, isSoldOut } from './product-rules';
import { getPath, Scope } from './scope';

/** The merchandising settings the page holds for a product (by its id). */
function merchandising(item: unknown, ctx: RenderContext): unknown {
  const id = toStr(getPath(item, ['id']));
  return getPath(ctx.resolve('productMerchandisingContext'), [id]);
}

/** `product-restock-notification`: a back-in-stock form per restock view of the product. */
export const restockNotificationFormatter: Formatter = (value, _args, ctx) => {
  const product = merchandising(value, ctx);
  const messages = getPath(product, ['restockNotificationMessages']);
  const data = {
    product: value,
    views: getPath(product, ['restockNotificationViews']),
    messages,
    mailingListSignUpEnabled: getPath(product, ['mailingListSignUpEnabled']),
    mailingListOptInByDefault: getPath(product, ['mailingListOptInByDefault']),
    captchaSiteKey: getPath(ctx.resolve('website'), ['captchaSettings', 'siteKey']),
  };
  const message = (key: string) => getPath(messages, [key]);
  const views = Array.isArray(data.views) ? data.views : [];
  const outer = new Scope(ctx, [data]);
  const forms = views.map((view) => {
    const s = outer.push(view);
    return (
      `\n<div class="product-restock-notification" data-product-id="${out(getPath(value, ['id']))}"` +
      ` data-variant-id="${out(s.resolve('variantId'))}"${isTruthy(s.resolve('hiddenByDefault')) ? ' hidden' : ''}>\n` +
      `  <span class="product-restock-cta">${attr(message('CTAText'))}</span>\n` +
      '  <form class="product-restock-form" action="#">\n' +
      `    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${attr(message('placeholderText'))}">\n` +
      `    <input class="sqs-editable-button" type="submit" value="${attr(message('buttonText'))}">\n` +
      '  </form>\n' +
      (isTruthy(s.resolve('mailingListSignUpEnabled'))
        ? '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"' +
          (isTruthy(s.resolve('mailingListOptInByDefault')) ? ' checked' : '') +
          `>${attr(message('mailingListDescription'))}</label>`
        : '') +
      '\n' +
      (isTruthy(s.resolve('captchaSiteKey')) ? '  <div class="captcha-container"></div>' : '') +
      '\n</div>\n'
    );
  });
  return `\n\n\n\n\n\n${forms.join('')}`;
};

/** `product-scarcity`: the low-stock message per variant view, when the merchant enabled it. */
export const productScarcityFormatter: Formatter = (value, _args, ctx) => {
  const product = merchandising(value, ctx);
  if (product === undefined || !toBool(getPath(product, ['scarcityEnabled']))) return undefined;
  const data = {
    scarcityTemplateViews: getPath(product, ['scarcityTemplateViews']),
    scarcityText: getPath(product, ['scarcityText']),
    scarcityShownByDefault: getPath(product, ['scarcityShownByDefault']),
  };
  const views = Array.isArray(data.scarcityTemplateViews) ? data.scarcityTemplateViews : [];
  const outer = new Scope(ctx, [data]);
  return views
    .map((view) => {
      const s = outer.push(view);
      const attributes = s.resolve('attributes');
      const text = formatMessage(
        toStr(s.resolve('scarcityText')),
        { qtyInStock: s.resolve('qtyInStock') },
        ctx.locale,
      );
      return (
        '\n  <div class="product-scarcity"' +
        (isTruthy(attributes) ? ` data-variant-attributes="${attr(json(attributes))}" hidden` : '') +
        `>\n    ${attr(text)}\n  </div>\n`
      );
    })
    .join('');
};

/** `product-status`: the sold-out mark (custom or localized text) or the sale mark; missing otherwise. */
export const productStatusFormatter: Formatter = (value, _args, ctx) => {
  const id = toStr(getPath(value, ['id']));
  const custom = id ? toStr(getPath(merchandising(value, ctx), ['customSoldOutText'])) : '';
  if (isSoldOut(value)) {
    const text = custom || toStr(ctx.resolve(['localizedStrings', 'productSoldOutText'])) || 'sold out';
    return `<div class="product-mark sold-out">${escapeHtml(text, true)}</div>`;
  }
  if (isOnSale(value)) {
    const text = toStr(ctx.resolve(['localizedStrings', 'productSaleText'])) || 'sale';
    // Escaped like the sold-out mark: the site's own words, which may be an owner's translation.
    return `<div class="product-mark sale">${escapeHtml(text)}</div>`;
  }
  return undefined;
};

/** `product-quick-view [GROUP]`: the quick-view button; GROUP names a field of the item or a variable. */
export const productQuickViewFormatter: Formatter = (value, args, ctx) => {
  const id = toStr(getPath(value, ['id']));
  let group = args[0] ?? '';
  const own = getPath(value, [group]);
  if (own !== undefined) group = toStr(own);
  else {
    const found = ctx.resolve([group]);
    if (found !== undefined) group = toStr(found);
  }
  const text = ctx.resolve(['localizedStrings', 'productQuickViewText']);
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${attr(id)}" data-group="${attr(group)}">` +
    `${text === undefined ? 'Quick View' : escapeHtml(toStr(text))}</span>`
  );
};
