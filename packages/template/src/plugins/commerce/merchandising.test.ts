import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { cartQuantityFormatter, cartSubtotalFormatter, cartUrlFormatter } from './cart';
import { commercePlugin } from './index';
import {
  productQuickViewFormatter,
  productScarcityFormatter,
  productStatusFormatter,
  restockNotificationFormatter,
} from './merchandising';

const run = (f: typeof productStatusFormatter, value: unknown, root: unknown = {}, args: string[] = []) =>
  f(value, args, fakeContext({ root }), []);

const soldOut = { id: 'p1', structuredContent: { productType: 1, variants: [{ qtyInStock: 0 }] } };
const onSale = {
  id: 'p2',
  structuredContent: { productType: 1, variants: [{ qtyInStock: 1, onSale: true }] },
};
const plain = { id: 'p3', structuredContent: { productType: 1, variants: [{ qtyInStock: 1 }] } };

describe('product-status', () => {
  it.each([
    ['sold out', soldOut, {}, '<div class="product-mark sold-out">sold out</div>'],
    [
      'localized sold out',
      soldOut,
      { localizedStrings: { productSoldOutText: 'épuisé' } },
      '<div class="product-mark sold-out">épuisé</div>',
    ],
    [
      'custom sold-out text, escaped',
      soldOut,
      { productMerchandisingContext: { p1: { customSoldOutText: '<b>Gone</b>' } } },
      '<div class="product-mark sold-out">&lt;b&gt;Gone&lt;/b&gt;</div>',
    ],
    ['on sale', onSale, {}, '<div class="product-mark sale">sale</div>'],
    [
      'localized sale',
      onSale,
      { localizedStrings: { productSaleText: 'Promo' } },
      '<div class="product-mark sale">Promo</div>',
    ],
    [
      'localized sale text, escaped (an owner may translate it)',
      onSale,
      { localizedStrings: { productSaleText: '<img src=x onerror=alert(1)>Promo & co' } },
      '<div class="product-mark sale">&lt;img src=x onerror=alert(1)&gt;Promo &amp; co</div>',
    ],
    ['neither', plain, {}, undefined],
  ])('%s', (_name, item, root, expected) => {
    expect(run(productStatusFormatter, item, root)).toBe(expected);
  });
});

describe('product-quick-view', () => {
  const item = { id: 'q1', category: 'shoes' };
  it.each([
    [[], {}, 'data-group="">Quick View'],
    [['category'], {}, 'data-group="shoes">Quick View'],
    [['grp'], { grp: 'outer' }, 'data-group="outer">Quick View'],
    [['literal'], {}, 'data-group="literal">Quick View'],
    [[], { localizedStrings: { productQuickViewText: 'Aperçu' } }, 'data-group="">Aperçu'],
    // An owner's translation and a group value are text, never markup.
    [
      [],
      { localizedStrings: { productQuickViewText: '<script>x()</script>' } },
      'data-group="">&lt;script&gt;x()&lt;/script&gt;',
    ],
    [['grp'], { grp: '"><b>' }, 'data-group="&quot;&gt;&lt;b&gt;">Quick View'],
  ])('%j', (args, root, tail) => {
    expect(run(productQuickViewFormatter, item, root, args)).toBe(
      `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="q1" ${tail}</span>`,
    );
  });
});

describe('product-scarcity', () => {
  const merch = (settings: Record<string, unknown>) => ({ productMerchandisingContext: { p3: settings } });

  it('renders one message per view with escaped text', () => {
    const root = merch({
      scarcityEnabled: true,
      scarcityText: 'Only {qtyInStock} left <now>',
      scarcityTemplateViews: [{ qtyInStock: 2, attributes: { Size: 'S' } }, { qtyInStock: 5 }],
    });
    expect(run(productScarcityFormatter, plain, root)).toBe(
      '\n  <div class="product-scarcity" data-variant-attributes="{&quot;Size&quot;:&quot;S&quot;}" hidden>\n' +
        '    Only 2 left &lt;now&gt;\n  </div>\n' +
        '\n  <div class="product-scarcity">\n    Only 5 left &lt;now&gt;\n  </div>\n',
    );
  });

  it.each([
    ['disabled', merch({ scarcityEnabled: false, scarcityTemplateViews: [{}] })],
    ['no settings for the product', { productMerchandisingContext: {} }],
    ['no merchandising context', {}],
  ])('is missing when %s', (_name, root) => {
    expect(run(productScarcityFormatter, plain, root)).toBeUndefined();
  });
});

describe('product-restock-notification', () => {
  const root = {
    website: { captchaSettings: { siteKey: 'k' } },
    productMerchandisingContext: {
      p1: {
        restockNotificationViews: [{ variantId: 'v1', hiddenByDefault: true }, { variantId: 'v2' }],
        restockNotificationMessages: { CTAText: 'Tell me', buttonText: 'Go "now"', placeholderText: 'Email' },
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: true,
      },
    },
  };

  it('renders a form per view', () => {
    const html = run(restockNotificationFormatter, soldOut, root) as string;
    expect(html.match(/<div class="product-restock-notification"/g)).toHaveLength(2);
    expect(html).toContain('data-product-id="p1" data-variant-id="v1" hidden>');
    expect(html).toContain('data-product-id="p1" data-variant-id="v2">');
    expect(html).toContain('<span class="product-restock-cta">Tell me</span>');
    expect(html).toContain('value="Go &quot;now&quot;"');
    expect(html).toContain('name="isJoinMailingList" checked>');
    expect(html).toContain('  <div class="captcha-container"></div>\n</div>\n');
  });

  it('renders nothing but blank lines without views', () => {
    expect(run(restockNotificationFormatter, plain, root)).toBe('\n'.repeat(6));
  });
});

describe('cart formatters', () => {
  it.each([
    [{ entries: [{ quantity: 2 }, { quantity: '3' }] }, '<span class="sqs-cart-quantity">5</span>'],
    [{ entries: [] }, '<span class="sqs-cart-quantity">0</span>'],
    [{}, '<span class="sqs-cart-quantity">0</span>'],
  ])('cart-quantity %j', (cart, expected) => {
    expect(run(cartQuantityFormatter, cart)).toBe(expected);
  });

  it('has fixed subtotal and url texts', () => {
    expect(run(cartSubtotalFormatter, { subtotalCents: 5 })).toBe('deprecated, do not use');
    expect(run(cartUrlFormatter, {})).toBe('/cart');
  });
});

describe('commerce predicates', () => {
  const test = (name: string, node: unknown) => {
    const predicate = commercePlugin.predicates?.[name];
    if (!predicate) throw new Error(`no predicate ${name}`);
    return predicate([], fakeContext({ node }));
  };
  it.each([
    ['sold-out?', soldOut, true],
    ['sold-out?', plain, false],
    ['on-sale?', onSale, true],
    ['on-sale?', plain, false],
    ['has-variants?', { structuredContent: { productType: 1, variants: [{}, {}] } }, true],
    ['has-variants?', plain, false],
    [
      'varied-prices?',
      { structuredContent: { productType: 1, variants: [{ price: 1 }, { price: 2 }] } },
      true,
    ],
    ['varied-prices?', plain, false],
  ])('%s on %j', (name, node, expected) => {
    expect(test(name, node)).toBe(expected);
  });

  it('registers every commerce formatter name', () => {
    expect(Object.keys(commercePlugin.formatters ?? {}).sort()).toEqual(
      [
        'add-to-cart-btn',
        'bookkeeper-money-format',
        'cart-quantity',
        'cart-subtotal',
        'cart-url',
        'from-price',
        'money-format',
        'money-string',
        'moneyFormat',
        'normal-price',
        'percentage-format',
        'product-checkout',
        'product-price',
        'product-quick-view',
        'product-restock-notification',
        'product-scarcity',
        'product-status',
        'quantity-input',
        'sale-price',
        'subscription-price',
        'summary-form-field',
        'variant-descriptor',
        'variants-select',
      ].sort(),
    );
  });
});
