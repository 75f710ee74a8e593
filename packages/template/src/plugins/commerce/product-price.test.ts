import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { productPrice } from './product-price';
import { subscriptionPrice } from './subscription-price';
import { defaultSubscriptionString, subscriptionStringKey, subscriptionTerms } from './subscription-wording';

const native = (amount: string) => `<span class="sqs-money-native">${amount}</span>`;
const body = (html: string) => html.replace(/^\n\n\n<div class="[a-z-]+">\n/, '').replace(/\n<\/div>$/, '');
const money = (value: string) => ({ value, currency: 'USD' });

const plan = (unit: string, value: number, numBillingCycles: number) => ({
  billingPeriod: { unit, value },
  numBillingCycles,
});

describe('subscription wording', () => {
  it.each([
    [plan('WEEK', 1, 0), false, '{price} every week', 'productPrice__singlePrice__1Weekly__indefinite'],
    [
      plan('MONTH', 2, 0),
      true,
      'from {price} every {billingPeriodValue} months',
      'productPrice__multiplePrices__nMonthly__indefinite',
    ],
    [
      plan('WEEK', 2, 26),
      false,
      '{price} every {billingPeriodValue} weeks for {duration} year',
      'productPrice__singlePrice__nWeekly__limited__1Years',
    ],
    [
      plan('MONTH', 1, 24),
      false,
      '{price} every month for {duration} years',
      'productPrice__singlePrice__1Monthly__limited__nYears',
    ],
    [
      plan('WEEK', 5, 3),
      false,
      '{price} every {billingPeriodValue} weeks for {duration} weeks',
      'productPrice__singlePrice__nWeekly__limited__nWeeks',
    ],
    [
      plan('MONTH', 1, 1),
      false,
      '{price} every month for {duration} month',
      'productPrice__singlePrice__1Monthly__limited__1Months',
    ],
  ])('%j (multiple prices: %s)', (subscriptionPlan, multiple, text, key) => {
    const terms = subscriptionTerms({ structuredContent: { subscriptionPlan } });
    expect(terms).toBeDefined();
    expect(defaultSubscriptionString(terms!, multiple)).toBe(text);
    expect(subscriptionStringKey(terms!, multiple)).toBe(key);
  });

  it('has no terms without a billing period', () => {
    expect(subscriptionTerms({ structuredContent: { subscriptionPlan: {} } })).toBeUndefined();
  });
});

describe('product-price', () => {
  const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
    structuredContent: { productType: 1, variants, ...extra },
  });

  it.each([
    ['single price', physical([{ price: 1, priceMoney: money('10') }]), native('10.00')],
    [
      'varied prices show the from price',
      physical([
        { price: 1, priceMoney: money('10') },
        { price: 2, priceMoney: money('20') },
      ]),
      `from ${native('10.00')}\n`,
    ],
    [
      'on sale shows sale and original prices',
      physical([{ price: 1, priceMoney: money('10'), onSale: true, salePriceMoney: money('8') }]),
      `<span class="visually-hidden v6-visually-hidden">Sale Price:</span>${native('8.00')} ` +
        `<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">${native('10.00')}</span>\n`,
    ],
    ['unknown product type shows the default price', { structuredContent: {} }, native('0.00')],
    ['the "undefined" type code shows nothing', { structuredContent: { productType: -1 } }, ''],
    [
      'weekly subscription for a year',
      physical([{ price: 1, priceMoney: money('5') }], {
        isSubscribable: true,
        subscriptionPlan: plan('WEEK', 1, 52),
      }),
      `${native('5.00')} every week for 1 year`,
    ],
    [
      'subscription without a plan',
      physical([{ price: 1, priceMoney: money('5') }], { isSubscribable: 'true' }),
      'Unavailable\n',
    ],
  ])('%s', (_name, item, expected) => {
    expect(body(productPrice(item, [], fakeContext({ root: {} })))).toBe(expected);
  });

  it('uses the localized subscription template but keeps the English hidden labels', () => {
    const root = {
      localizedStrings: {
        productPrice__singlePrice__nMonthly__indefinite: '{price} alle {billingPeriodValue} Monate',
        salePriceText: 'Angebot:',
      },
    };
    const item = physical([{ price: 1, priceMoney: money('5'), onSale: true, salePriceMoney: money('4') }], {
      isSubscribable: true,
      subscriptionPlan: plan('MONTH', 3, 0),
    });
    const html = body(productPrice(item, [], fakeContext({ root })));
    expect(html).toContain(`Sale Price:</span>${native('4.00')} alle 3 Monate `);
    expect(html).not.toContain('Angebot');
    expect(html).toContain(`<span class="original-price">${native('5.00')} alle 3 Monate</span>`);
  });

  it('prints no price text without locale data, as its message formatting needs it', () => {
    const item = physical([{ price: 1, priceMoney: money('10') }]);
    expect(productPrice(item, [], fakeContext({ root: {}, locale: null }))).toBe(
      '\n\n\n<div class="product-price">\n\n</div>',
    );
  });

  it('prints CLDR currency strings behind the feature flag', () => {
    const root = { featureFlags: { useCLDRMoneyFormat: true } };
    const item = { structuredContent: { productType: 2, priceMoney: { value: '2500', currency: 'EUR' } } };
    expect(body(productPrice(item, [], fakeContext({ root, locale: 'en-US' })))).toBe('€2,500.00');
  });
});

describe('subscription-price', () => {
  const option = (price: string, sale?: string) => ({
    priceMoney: money(price),
    ...(sale ? { onSale: true, salePriceMoney: money(sale) } : {}),
  });
  const item = (variants: unknown[]) => ({ structuredContent: { productType: 1, variants } });

  it.each([
    ['no pricing options', item([{ price: 1, priceMoney: money('5') }]), ''],
    [
      'one option',
      item([{ price: 1, priceMoney: money('5'), pricingOptions: [option('4')] }]),
      native('4.00'),
    ],
    [
      'option on sale',
      item([{ price: 1, priceMoney: money('5'), pricingOptions: [option('4', '3')] }]),
      `<span class="visually-hidden v6-visually-hidden">Sale Price:</span>${native('3.00')} ` +
        `<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">${native('4.00')}</span>\n`,
    ],
    [
      'varied prices use the cheapest variant',
      item([
        { price: 2, priceMoney: money('9'), pricingOptions: [option('8')] },
        { price: 1, priceMoney: money('5'), pricingOptions: [option('4', '2')] },
      ]),
      `from ${native('2.00')}\n`,
    ],
  ])('%s', (_name, product, expected) => {
    expect(body(subscriptionPrice(product, [], fakeContext({ root: {} })))).toBe(expected);
  });
});
