/**
 * The address and e-mail probes against the running API: the checkout, the contact form and the
 * account address book answer what the islands answer for the same input (the rule tables run
 * through both sides in shared-rules.test.ts). A US order with postal code `not-a-zip` and no
 * state is refused before anything is charged; `jörg@bücher.de` can both write and buy.
 */
import { FORM_MESSAGES } from '@store/commerce';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFormErrors } from '../../storefront/src/islands/account/address-form';
import { validateCheckout } from '../../storefront/src/islands/checkout/validate-checkout';
import { fieldError } from '../../storefront/src/islands/form/validate';
import { orders } from '../src/db/schema/index';
import { asCustomer, newCustomer } from './customer-account/account-helpers';
import { formIdOf } from './forms-helpers';
import { type DemoProductRef, addToCart, cartTokenFrom, demoProduct, shippingAddress } from './helpers/shop';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

const pay = { provider: 'test', token: 'tok_visa' };

/** country, region, postal code: the probes of the address rule. */
const ADDRESS_PROBES: [string, string, string][] = [
  ['US', '', 'not-a-zip'],
  ['US', 'NY', 'not-a-zip'],
  ['US', '', '12534'],
  ['US', 'Nowhere', '12534'],
  ['CA', '', 'K1A 0B1'],
  ['GB', '', 'not a code'],
];

const EMAIL_PROBES = ['jörg@bücher.de', 'a@b', 'ada@example', 'ada@example.com', 'two words@example.com'];

/** The island's checkout errors for these address parts, named as the API names them. */
function islandAddressErrors(country: string, region: string, postalCode: string) {
  const errors = validateCheckout(
    {
      email: 'ada@example.com',
      firstName: shippingAddress.firstName,
      lastName: shippingAddress.lastName,
      address1: shippingAddress.address1,
      address2: '',
      city: shippingAddress.city,
      state: region,
      postalCode,
      country,
      shippingOptionId: 'any',
    },
    true,
  );
  const out: Record<string, string> = {};
  if (errors.state) out['shippingAddress.region'] = errors.state;
  if (errors.postalCode) out['shippingAddress.postalCode'] = errors.postalCode;
  return out;
}

describe.each(backends)('shared rules through the API on %s', (backend) => {
  let site: TestSite;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    tee = await demoProduct(site, 'classic-tee');
  });
  afterAll(() => site.app.close());

  async function cart(): Promise<{ cookies: { CART: string }; shippingOptionId: string }> {
    const res = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    expect(res.statusCode).toBe(200);
    const cookies = { CART: cartTokenFrom(res) ?? '' };
    const view = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    return { cookies, shippingOptionId: view.shippingOptions[0].id };
  }

  const checkout = (cookies: Record<string, string>, body: Record<string, unknown>) =>
    site.request({ method: 'POST', url: '/api/commerce/checkout', cookies, payload: body });

  const orderCount = async () => {
    const [row] = await site.app.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.websiteId, site.websiteId)));
    return Number(row?.n ?? 0);
  };

  it.each(ADDRESS_PROBES)(
    'checkout to %s region %j postal code %j: the island’s verdict, and no order',
    async (country, region, postalCode) => {
      const island = islandAddressErrors(country, region, postalCode);
      expect(Object.keys(island).length).toBeGreaterThan(0);
      const { cookies, shippingOptionId } = await cart();
      const before = await orderCount();
      const res = await checkout(cookies, {
        email: 'ada@example.com',
        shippingAddress: { ...shippingAddress, region: region || undefined, postalCode, country },
        shippingOptionId,
        payment: pay,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().errors).toEqual(island);
      expect(await orderCount()).toBe(before);
    },
  );

  it('places the order with a valid US address and an internationalised e-mail address', async () => {
    const email = 'jörg@bücher.de';
    expect(
      validateCheckout(
        {
          email,
          firstName: 'J',
          lastName: 'B',
          address1: 'x',
          address2: '',
          city: 'Hudson',
          state: 'NY',
          postalCode: '12534',
          country: 'US',
          shippingOptionId: 'any',
        },
        true,
      ),
    ).toEqual({});
    const { cookies, shippingOptionId } = await cart();
    const res = await checkout(cookies, { email, shippingAddress, shippingOptionId, payment: pay });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.email).toBe(email);
  });

  it.each(EMAIL_PROBES)('checkout with e-mail %j answers the island’s verdict', async (email) => {
    const islandOk =
      validateCheckout(
        {
          email,
          firstName: 'J',
          lastName: 'B',
          address1: 'x',
          address2: '',
          city: 'Hudson',
          state: 'NY',
          postalCode: '12534',
          country: 'US',
          shippingOptionId: 'any',
        },
        true,
      ).email === undefined;
    const { cookies, shippingOptionId } = await cart();
    const res = await checkout(cookies, { email, shippingAddress, shippingOptionId, payment: pay });
    if (islandOk) expect(res.statusCode).toBe(200);
    else {
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['email']);
    }
  });

  it.each(EMAIL_PROBES)(
    'the contact form with e-mail %j answers the island’s verdict and words',
    async (email) => {
      const contactId = await formIdOf(backend, site, 'Contact');
      const island = fieldError({ id: 'email-1', type: 'email', title: 'Email', required: true }, email);
      const res = await site.request({
        method: 'POST',
        url: `/api/rest/forms/validate/${contactId}`,
        payload: {
          'name-1': ['Jörg', 'Buch'],
          'email-1': email,
          'topic-1': 'Wholesale',
          'message-1': 'Do you sell to shops?',
        },
      });
      if (island === null) expect(res.statusCode).toBe(200);
      else {
        expect(island).toBe(FORM_MESSAGES.email);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ 'email-1': FORM_MESSAGES.email });
      }
    },
  );

  it('the account address book refuses what its island refuses, with the same words', async () => {
    const buyer = await newCustomer(site);
    for (const [country, region, postalCode] of ADDRESS_PROBES) {
      const address = { ...shippingAddress, region, postalCode, country };
      const island = addressFormErrors({ ...address, address2: '' });
      const res = await asCustomer(site, buyer.session, {
        method: 'POST',
        url: '/api/site-users/account/addresses',
        payload: { address: { ...address, region: region || undefined } },
      });
      expect(res.statusCode).toBe(400);
      const server = Object.fromEntries(
        Object.entries(res.json().errors as Record<string, string>).map(([k, v]) => [
          k.replace('address.', ''),
          v,
        ]),
      );
      expect(server).toEqual(island);
    }
    const ok = await asCustomer(site, buyer.session, {
      method: 'POST',
      url: '/api/site-users/account/addresses',
      payload: { address: { ...shippingAddress, country: 'GB', region: undefined, postalCode: 'SW1A 1AA' } },
    });
    expect(ok.statusCode).toBe(201);
  });
});
