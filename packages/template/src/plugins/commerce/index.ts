import type { TemplatePlugin } from '../../plugin-api';
import { addToCartButtonFormatter } from './add-to-cart-btn';
import { cartQuantityFormatter, cartSubtotalFormatter, cartUrlFormatter } from './cart';
import { fromPriceFormatter, normalPriceFormatter, salePriceFormatter } from './legacy-prices';
import {
  productQuickViewFormatter,
  productScarcityFormatter,
  productStatusFormatter,
  restockNotificationFormatter,
} from './merchandising';
import {
  bookkeeperMoneyFormatter,
  moneyFormatFormatter,
  moneyStringFormatter,
  percentageFormatter,
} from './money-format';
import { commercePredicates } from './predicates';
import { productCheckoutFormatter } from './product-checkout';
import { productPriceFormatter } from './product-price';
import { variantDescriptor } from './product-rules';
import { quantityInputFormatter } from './quantity-input';
import { subscriptionPriceFormatter } from './subscription-price';
import { summaryFormFieldFormatter } from './summary-form-field';
import { variantsSelectFormatter } from './variants-select';

/** The built-in "commerce" formatters and predicates. */
export const commercePlugin: TemplatePlugin = {
  name: 'commerce',
  formatters: {
    'add-to-cart-btn': addToCartButtonFormatter,
    'bookkeeper-money-format': bookkeeperMoneyFormatter,
    'cart-quantity': cartQuantityFormatter,
    'cart-subtotal': cartSubtotalFormatter,
    'cart-url': cartUrlFormatter,
    'from-price': fromPriceFormatter,
    'money-format': moneyFormatFormatter,
    moneyFormat: moneyFormatFormatter,
    'money-string': moneyStringFormatter,
    'normal-price': normalPriceFormatter,
    'percentage-format': percentageFormatter,
    'product-checkout': productCheckoutFormatter,
    'product-price': productPriceFormatter,
    'product-quick-view': productQuickViewFormatter,
    'product-restock-notification': restockNotificationFormatter,
    'product-scarcity': productScarcityFormatter,
    'product-status': productStatusFormatter,
    'quantity-input': quantityInputFormatter,
    'sale-price': salePriceFormatter,
    'subscription-price': subscriptionPriceFormatter,
    'summary-form-field': summaryFormFieldFormatter,
    'variant-descriptor': (value) => variantDescriptor(value),
    'variants-select': variantsSelectFormatter,
  },
  predicates: commercePredicates,
};
