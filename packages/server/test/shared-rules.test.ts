/**
 * Every rule the browser and the server must agree on, run through both sides with one table of
 * inputs: the islands' and studio's validators on one side, the API's request schemas and the
 * server's own checks on the other. A rule that drifts on one side fails here, by input.
 * (The same probes against the running API: shared-rules-api.test.ts.)
 */
import { FORM_FIELD_TYPES as API_FIELD_TYPES, contract, formBody, visitorEmail } from '@store/api';
import { checkSocialLink } from '@store/blocks';
import {
  ADDRESS_MESSAGES,
  CART_TOKEN_PATTERN,
  CATALOG_MESSAGES,
  FORM_FIELD_TYPES,
  IMAGE_WIDTHS,
  PageType,
  FORM_MESSAGES,
  QUANTITY_MAX,
  fillMessage,
  isCartToken,
  isEmailAddress,
  isReservedSlug,
  isUnsubscribeToken,
  parseQuantity,
  toMoneyShape,
} from '@store/commerce';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { money as moneySchema } from '../../api/src/common';
import { staffBody } from '../../api/src/scheduling';
import { IMAGE_WIDTHS as TEMPLATE_WIDTHS } from '../../template/src/plugins/content/image-formatters';
import { addressFormErrors } from '../../storefront/src/islands/account/address-form';
import {
  type CheckoutFields,
  validateCheckout,
} from '../../storefront/src/islands/checkout/validate-checkout';
import { fieldError } from '../../storefront/src/islands/form/validate';
import { restockEmailError as islandRestockError } from '../../storefront/src/islands/restock/restock-widget';
import { reviewErrors } from '../../storefront/src/islands/reviews/review-form';
import { SKIPPED_PAGE_TYPES } from '../../storefront/src/tracking/skip-rules';
import { restockEmailError as serverRestockError } from '../src/routes/restock.routes';
import { MAX_QUANTITY } from '../src/services/cart.service';
import { checkAnswers } from '../src/services/forms/form-answers';
import { FIELD_TYPES, fieldSchema } from '../src/services/forms/form-definition';
import { MEDIA_WIDTHS } from '../src/services/media/image-variants';
import { ownerInput } from '../src/services/owner/create-owner';
import { uniqueName } from '../src/services/studio/unique-name';

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const quantityInputTemplate = source('../../template/src/plugins/commerce/quantity-input.ts');
const cartEntriesSchema = source('../src/db/schema/commerce.ts');

const checkoutBody = contract['POST /api/commerce/checkout'].body;
const addressBookBody = contract['POST /api/site-users/account/addresses'].body;
const cartQuantityBody = contract['PATCH /api/commerce/shopping-cart/entries/:entryId'].body;
const subscriptionCartQuery = contract['GET /api/3/commerce/cart/subscription'].querystring;
const unsubscribeBody = contract['POST /api/newsletter/unsubscribe'].body;

/** What each side answers for one input: valid, or refused. */
type Verdict = 'valid' | 'invalid';
const verdict = (ok: boolean): Verdict => (ok ? 'valid' : 'invalid');

/** A checkout form the island would send, valid but for what a row changes. */
const filled: CheckoutFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Analytical Way',
  address2: '',
  city: 'Hudson',
  state: 'NY',
  postalCode: '12534',
  country: 'US',
  shippingOptionId: 'standard',
};
const payment = { provider: 'test', token: 'tok_visa' };

// ---- E-mail ------------------------------------------------------------------------------

const EMAILS: [string, Verdict][] = [
  ['ada@example.com', 'valid'],
  ['jörg@bücher.de', 'valid'],
  ['jorg@bücher.de', 'valid'],
  ['用户@例子.中国', 'valid'],
  ['Ada.Lovelace+shop@mail.example.co.uk', 'valid'],
  ['  padded@example.com  ', 'valid'],
  ['a@b.co', 'valid'],
  ['a@b', 'invalid'],
  ['ada@example', 'invalid'],
  ['a@', 'invalid'],
  ['@example.com', 'invalid'],
  ['not an email', 'invalid'],
  ['two words@example.com', 'invalid'],
  ['<b>@x.co', 'invalid'],
  ['a..b@example.com', 'invalid'],
  ['.ada@example.com', 'invalid'],
  ['ada.@example.com', 'invalid'],
  ['ada@-example.com', 'invalid'],
  ['ada@example..com', 'invalid'],
  ['ada@example.c_m', 'invalid'],
  ['ada@1.2', 'invalid'],
  ['a@b@example.com', 'invalid'],
  [`${'x'.repeat(65)}@example.com`, 'invalid'],
  [`${'x'.repeat(64)}@example.com`, 'valid'],
  [`ada@${'d'.repeat(64)}.com`, 'invalid'],
  [`ada@${`${'d'.repeat(60)}.`.repeat(4)}com`, 'valid'],
  [`ada@${`${'d'.repeat(60)}.`.repeat(5)}com`, 'invalid'],
];

/** Each browser validator of an e-mail address, as the island or studio screen runs it. */
const browserEmail: Record<string, (email: string) => boolean> = {
  'checkout island': (email) => validateCheckout({ ...filled, email }, true).email === undefined,
  'form island (email field)': (email) =>
    fieldError({ id: 'e', type: 'email', title: 'Email' }, email) === null,
  'restock island': (email) => islandRestockError(email) === null,
  'reviews island': (email) =>
    reviewErrors({ rating: 5, title: '', body: 'Good', authorName: 'Ada', email }).email === undefined,
  'account, newsletter popup and studio screens (isEmailAddress)': (email) => isEmailAddress(email),
  'social links (e-mail profile)': (email) => checkSocialLink('email', email).ok,
};

/** Each server check of an e-mail address: the API's request schemas and the services' own. */
const serverEmail: Record<string, (email: string) => boolean> = {
  'checkout schema': (email) => checkoutBody.safeParse({ email, payment }).success,
  'visitorEmail schema (sign-up, newsletter, reviews, restock …)': (email) =>
    visitorEmail.safeParse(email).success,
  'form answers (contact form)': (email) =>
    checkAnswers([{ id: 'e', type: 'email', title: 'Email', required: true }], { e: email }).ok,
  'restock route': (email) => serverRestockError(email) === undefined,
  'owner account': (email) => ownerInput.safeParse({ email, password: 'a long enough password' }).success,
  'scheduling staff (studio)': (email) => staffBody.shape.email.safeParse(email).success,
  'form notification address (studio form settings)': (email) =>
    formBody.shape.notificationEmail.safeParse(email).success,
};

describe('shared rule: e-mail address (one rule, internationalised addresses accepted everywhere)', () => {
  it.each(EMAILS)('%j is %s in every browser validator and every server schema', (email, expected) => {
    const answers = Object.fromEntries(
      [...Object.entries(browserEmail), ...Object.entries(serverEmail)].map(([name, check]) => [
        name,
        verdict(check(email)),
      ]),
    );
    const everyone = Object.fromEntries(Object.keys(answers).map((name) => [name, expected]));
    expect(answers).toEqual(everyone);
  });

  it('says the same words on both sides of the checkout and the forms', () => {
    expect(validateCheckout({ ...filled, email: 'a@b' }, true).email).toBe(FORM_MESSAGES.email);
    expect(fieldError({ id: 'e', type: 'email', title: 'Email' }, 'a@b')).toBe(FORM_MESSAGES.email);
    const form = checkAnswers([{ id: 'e', type: 'email', title: 'Email', required: false }], { e: 'a@b' });
    expect(form).toEqual({ ok: false, kind: 'fields', errors: { e: FORM_MESSAGES.email } });
    expect(islandRestockError('a@b')).toBe(serverRestockError('a@b'));
  });
});

// ---- Addresses ---------------------------------------------------------------------------

/** country, region, postal code → the fields each side refuses (none: valid). */
const ADDRESSES: [string, string, string, ('region' | 'postalCode')[]][] = [
  ['US', 'NY', '12534', []],
  ['US', 'NY', '12534-1234', []],
  ['US', '', 'not-a-zip', ['region', 'postalCode']],
  ['US', 'NY', 'not-a-zip', ['postalCode']],
  ['US', '', '12534', ['region']],
  ['US', 'New York', '12534', ['region']],
  ['US', 'ny', '12534', ['region']],
  ['US', 'ON', '12534', ['region']],
  ['CA', '', 'K1A 0B1', ['region']],
  ['CA', 'ON', 'K1A 0B1', []],
  ['CA', 'ON', 'K1A0B1', []],
  ['CA', 'ON', '12345', ['postalCode']],
  ['GB', '', 'SW1A 1AA', []],
  ['GB', '', 'sw1a1aa', []],
  ['GB', '', 'not a code', ['postalCode']],
  ['AU', 'NSW', '2000', []],
  ['AU', 'XX', '2000', ['region']],
  ['DE', '', '10115', []],
  ['DE', '', '1011', ['postalCode']],
  ['NL', '', '1012 AB', []],
  ['JP', '', '100-0001', []],
  ['BR', '', '01310-100', []],
];

const address = (country: string, region: string, postalCode: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Analytical Way',
  city: 'Hudson',
  ...(region ? { region } : {}),
  postalCode,
  country,
});

/** The fields a zod parse refused under `shippingAddress` (or at the top, for the address book). */
function refusedFields(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[issue.path.length - 1]);
    out[field] ??= issue.message;
  }
  return out;
}

describe('shared rule: addresses (countries, regions and postal formats from @store/commerce)', () => {
  it.each(ADDRESSES)('%s region %j postal code %j', (country, region, postalCode, refused) => {
    // Browser: the checkout island (its state select) and the account address book.
    const island = validateCheckout({ ...filled, country, state: region, postalCode }, true);
    const book = addressFormErrors({ ...address(country, region, postalCode), address2: '', region });
    // Server: the checkout schema and the address book's schema.
    const checkout = refusedFields(
      checkoutBody.safeParse({
        email: 'ada@example.com',
        shippingAddress: address(country, region, postalCode),
        payment,
      }),
    );
    const saved = refusedFields(addressBookBody.safeParse({ address: address(country, region, postalCode) }));

    const islandFields = { region: island.state, postalCode: island.postalCode };
    const expected = Object.fromEntries(
      refused.map((f) => [
        f,
        f === 'postalCode'
          ? ADDRESS_MESSAGES.postalCode
          : region
            ? ADDRESS_MESSAGES.region
            : ADDRESS_MESSAGES.required,
      ]),
    );
    const only = (errors: Record<string, string | undefined>) =>
      Object.fromEntries(
        Object.entries(errors).filter(([k, v]) => v && (k === 'region' || k === 'postalCode')),
      );
    expect({
      island: only(islandFields),
      addressBook: only(book),
      checkoutSchema: only(checkout),
      addressBookSchema: only(saved),
    }).toEqual({
      island: expected,
      addressBook: expected,
      checkoutSchema: expected,
      addressBookSchema: expected,
    });
  });
});

// ---- Quantity ----------------------------------------------------------------------------

const QUANTITIES: [unknown, Verdict][] = [
  [1, 'valid'],
  [9999, 'valid'],
  ['42', 'valid'],
  [0, 'invalid'],
  [10_000, 'invalid'],
  ['10000', 'invalid'],
  [-1, 'invalid'],
  [1.5, 'invalid'],
  ['1e3', 'invalid'],
  ['0x10', 'invalid'],
  ['abc', 'invalid'],
  ['', 'invalid'],
];

describe('shared rule: quantity (1 to 9999)', () => {
  it('has one cap: the islands, the cart service, the template input and the database say 9999', () => {
    expect(QUANTITY_MAX).toBe(9999);
    expect(MAX_QUANTITY).toBe(QUANTITY_MAX);
    // The template engine and SQL import nothing: their copies are held to the one value here.
    expect(quantityInputTemplate).toContain(`max="${QUANTITY_MAX}"`);
    expect(cartEntriesSchema).toContain(`between 1 and ${QUANTITY_MAX}`);
  });

  it.each(QUANTITIES)(
    '%j is %s in the cart line and the add-to-cart island and on the server',
    (qty, expected) => {
      // Browser: the cart line and product page parse the typed text with @store/commerce's rule.
      const island = parseQuantity(typeof qty === 'string' ? qty.trim() : qty).ok;
      // Server: the request schema, then the cart service's parse (the same function).
      const schema = cartQuantityBody.safeParse({ quantity: qty });
      const server = schema.success && parseQuantity(schema.data.quantity).ok;
      expect({ island: verdict(island), server: verdict(server) }).toEqual({
        island: expected,
        server: expected,
      });
    },
  );
});

// ---- Reserved slugs ----------------------------------------------------------------------

const SLUGS: [string, boolean][] = [
  ['cart', true],
  ['checkout', true],
  ['search', true],
  ['account', true],
  ['media', true],
  ['newsletter', true],
  ['api', true],
  ['config', true],
  ['assets', true],
  ['p', true],
  ['Cart', true],
  ['shop', false],
  ['about-us', false],
  ['carts', false],
];

describe('shared rule: reserved slugs (one list)', () => {
  it.each(SLUGS)(
    '%j reserved: %s for the studio store form, page slugs and the store service',
    (slug, reserved) => {
      // The studio's store form refuses it with the server's words; the server's unique-name rule
      // never hands it out (pages, blogs, stores); the store service refuses an explicit one.
      expect(isReservedSlug(slug)).toBe(reserved);
      // (Under 3 characters the unique-name rule falls back to a default name anyway.)
      if (slug.length >= 3) expect(uniqueName(slug, new Set()) !== slug.toLowerCase()).toBe(reserved);
      if (reserved) expect(fillMessage(CATALOG_MESSAGES.urlIdTaken, { urlId: slug })).toContain(slug);
    },
  );
});

// ---- Cart token --------------------------------------------------------------------------

const TOKENS: [string, Verdict][] = [
  ['abcdefghijklmnop', 'valid'],
  ['A-b_C'.repeat(4), 'valid'],
  ['x'.repeat(64), 'valid'],
  ['x'.repeat(15), 'invalid'],
  ['x'.repeat(65), 'invalid'],
  ['abcdefghijklmno=', 'invalid'],
  ['abc def ghi jkl mno', 'invalid'],
  ['../../../../etc/passwd', 'invalid'],
  ['', 'invalid'],
];

describe('shared rule: cart and unsubscribe tokens', () => {
  it.each(TOKENS)(
    '%j is %s for the cookie reader, the checkout and the subscription cart',
    (token, expected) => {
      const answers = {
        'cookie and guest-cart merge (isCartToken)': verdict(isCartToken(token)),
        'checkout schema': verdict(
          checkoutBody.safeParse({ email: 'ada@example.com', payment, cartToken: token }).success,
        ),
        'subscription cart query': verdict(subscriptionCartQuery.safeParse({ cartToken: token }).success),
        'unsubscribe page island (isUnsubscribeToken)': verdict(isUnsubscribeToken(token)),
        'unsubscribe schema': verdict(unsubscribeBody.safeParse({ token }).success),
      };
      expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((k) => [k, expected])));
    },
  );

  it('is one pattern', () => {
    expect(CART_TOKEN_PATTERN.source).toBe('^[A-Za-z0-9_-]{16,64}$');
  });
});

// ---- Form field types --------------------------------------------------------------------

describe('shared rule: form field types (one list)', () => {
  it('is the same list for the studio (API), the stored definitions and the form island', () => {
    expect(API_FIELD_TYPES).toBe(FORM_FIELD_TYPES);
    expect(FIELD_TYPES).toBe(FORM_FIELD_TYPES);
  });

  it.each([...FORM_FIELD_TYPES, 'color', 'file', ''])(
    '%j: the builder schema and the stored definition agree',
    (type) => {
      const field = { id: 'f', type, title: 'F', required: false };
      const known = (FORM_FIELD_TYPES as readonly string[]).includes(type);
      expect(fieldSchema.safeParse(field).success).toBe(known);
      const parsed = contract['POST /api/studio/forms'].body.safeParse({
        name: 'F',
        definition: { fields: [field] },
      });
      const typeRefused = parsed.error?.issues.some((i) => i.path.includes('type')) ?? false;
      expect(typeRefused).toBe(!known);
    },
  );
});

// ---- Image widths ------------------------------------------------------------------------

describe('shared rule: image widths (one list)', () => {
  it('is what the media library renders, the catalogue names and the template engine offers', () => {
    expect(MEDIA_WIDTHS).toBe(IMAGE_WIDTHS);
    expect(TEMPLATE_WIDTHS).toEqual(IMAGE_WIDTHS.map((w) => `${w}w`));
  });
});

// ---- Money -------------------------------------------------------------------------------

describe('shared rule: money objects', () => {
  it.each([
    [0, 'USD'],
    [1999, 'USD'],
    [123456, 'JPY'],
    [5, 'EUR'],
  ] as const)(
    '%s minor units of %s: @store/commerce builds what the API schema describes',
    (minor, currency) => {
      expect(moneySchema.safeParse(toMoneyShape(minor, currency, true)).success).toBe(true);
      expect(moneySchema.safeParse(toMoneyShape(minor, currency, false)).success).toBe(false);
    },
  );
});

// ---- Page-type codes ---------------------------------------------------------------------

describe('shared rule: page-type codes', () => {
  it('the storefront trackers skip the codes @store/commerce names (the entry imports no shop code)', () => {
    expect([...SKIPPED_PAGE_TYPES].sort()).toEqual(
      [PageType.notFound, PageType.lockScreen, PageType.memberAreaAccessDenied].sort(),
    );
  });
});
