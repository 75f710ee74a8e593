import { API_MESSAGES } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../src/services/site-users/account-addresses';
import { shippingAddress } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { asCustomer, newCustomer } from './account-helpers';

interface Saved {
  id: string;
  isDefault: boolean;
  address: Record<string, string>;
}

describe.each(backends)('an account’s addresses on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  const url = '/api/site-users/account/addresses';
  const add = (session: string, payload: unknown, crumb = true) =>
    asCustomer(site, session, { method: 'POST', url, payload: payload as object, crumb });
  const list = async (session: string) =>
    (await asCustomer(site, session, { method: 'GET', url })).json().addresses as Saved[];

  it.each([
    ['no address', {}, 'address'],
    ['no first name', { address: { ...shippingAddress, firstName: '' } }, 'address.firstName'],
    ['a blank city', { address: { ...shippingAddress, city: '   ' } }, 'address.city'],
    ['no postal code', { address: { ...shippingAddress, postalCode: undefined } }, 'address.postalCode'],
    ['a country that is not a code', { address: { ...shippingAddress, country: 'USA' } }, 'address.country'],
    [
      'a 201-character street',
      { address: { ...shippingAddress, address1: 'x'.repeat(201) } },
      'address.address1',
    ],
    ['a default that is not a boolean', { address: shippingAddress, isDefault: 'yes' }, 'isDefault'],
  ])('refuses %s with 400 naming the field, as checkout does', async (_name, payload, field) => {
    const alice = await newCustomer(site);
    const res = await add(alice.session, payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await list(alice.session)).toEqual([]);
  });

  it('adds, changes and deletes addresses with exactly one default', async () => {
    const alice = await newCustomer(site);
    // The first address becomes the default even when not asked.
    const home = await add(alice.session, { address: { ...shippingAddress, address2: '  Apt 2 ' } });
    expect(home.statusCode).toBe(201);
    expect(home.json().address).toMatchObject({ isDefault: true, address: { address2: 'Apt 2' } });
    const homeId = home.json().address.id as string;
    const work = (await add(alice.session, { address: { ...shippingAddress, city: 'Albany' } })).json()
      .address as Saved;
    expect(work.isDefault).toBe(false);

    // Making the second the default clears the first.
    const put = await asCustomer(site, alice.session, {
      method: 'PUT',
      url: `${url}/${work.id}`,
      payload: { address: { ...shippingAddress, city: 'Troy' }, isDefault: true },
    });
    expect(put.statusCode).toBe(200);
    let saved = await list(alice.session);
    expect(saved.map((a) => [a.id, a.isDefault, a.address.city])).toEqual([
      [work.id, true, 'Troy'],
      [homeId, false, 'Hudson'],
    ]);

    // Deleting the default makes the remaining one the default.
    const del = await asCustomer(site, alice.session, { method: 'DELETE', url: `${url}/${work.id}` });
    expect(del.statusCode).toBe(200);
    saved = await list(alice.session);
    expect(saved.map((a) => [a.id, a.isDefault])).toEqual([[homeId, true]]);
  });

  it('keeps one default when several addresses are made the default at once', async () => {
    const alice = await newCustomer(site);
    await Promise.all(
      ['A', 'B', 'C', 'D'].map((city) =>
        add(alice.session, { address: { ...shippingAddress, city }, isDefault: true }),
      ),
    );
    const saved = await list(alice.session);
    expect(saved).toHaveLength(4);
    expect(saved.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('never shows, changes or deletes another account’s address', async () => {
    const alice = await newCustomer(site);
    const bob = await newCustomer(site);
    const hers = (await add(alice.session, { address: shippingAddress })).json().address as Saved;
    expect(await list(bob.session)).toEqual([]);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await asCustomer(site, bob.session, {
        method,
        url: `${url}/${hers.id}`,
        payload: method === 'PUT' ? { address: { ...shippingAddress, city: 'Stolen' } } : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(API_MESSAGES.accountAddressNotFound);
    }
    expect((await list(alice.session))[0]?.address.city).toBe('Hudson');
  });

  it(`stops at ${MAX_ADDRESSES} addresses`, async () => {
    const alice = await newCustomer(site);
    for (let i = 0; i < MAX_ADDRESSES; i += 1)
      expect((await add(alice.session, { address: { ...shippingAddress, city: `C${i}` } })).statusCode).toBe(
        201,
      );
    const over = await add(alice.session, { address: shippingAddress });
    expect(over.statusCode).toBe(409);
    expect(await list(alice.session)).toHaveLength(MAX_ADDRESSES);
  });

  it('needs the crumb for every change', async () => {
    const alice = await newCustomer(site);
    const res = await add(alice.session, { address: shippingAddress }, false);
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
    const saved = (await add(alice.session, { address: shippingAddress })).json().address as Saved;
    for (const method of ['PUT', 'DELETE'] as const) {
      const change = await asCustomer(site, alice.session, {
        method,
        url: `${url}/${saved.id}`,
        crumb: false,
        payload: method === 'PUT' ? { address: shippingAddress } : undefined,
      });
      expect(change.statusCode).toBe(403);
    }
    expect(await list(alice.session)).toHaveLength(1);
  });
});
