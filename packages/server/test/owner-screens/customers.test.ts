import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeAddresses } from '../../src/services/customers/customers';
import { contributorSession } from '../contributors/contributor-helpers';
import { shippingAddress } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { ownerRequest, placeOrder } from './owner-screens-helpers';

interface Customer {
  id: string;
  email: string;
  name: string;
  orders: number;
  totalSpentCents: number;
  hasAccount: boolean;
}

describe.each(backends)('owner customers on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: ReturnType<typeof ownerRequest>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = ownerRequest(site, await sessionOf(site, 'owner'));
    // Grace orders twice (the second time with another case), Linus once.
    await placeOrder(site, 'grace@example.com', {
      ...shippingAddress,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await placeOrder(site, 'Grace@Example.com', {
      ...shippingAddress,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await placeOrder(site, 'linus@example.com');
    // Another site's shopper must never show here.
    await placeOrder(other, 'stranger@example.com', { ...shippingAddress, firstName: 'Stranger' });
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  const list = async (query = '') => {
    const res = await owner('GET', `/api/owner/customers${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { customers: Customer[]; hasNextPage: boolean; nextPageCursor: string | null };
  };

  it('lists one customer per e-mail (any case), with orders, total spent and the name from the order', async () => {
    const { customers } = await list();
    const grace = customers.find((c) => c.email === 'grace@example.com');
    expect(grace).toMatchObject({ name: 'Grace Hopper', orders: 2 });
    expect(grace?.totalSpentCents).toBeGreaterThan(0);
    expect(customers.filter((c) => c.email === 'grace@example.com')).toHaveLength(1);
    // The demo customer has an account, even without orders.
    expect(customers.some((c) => c.hasAccount)).toBe(true);
    expect(JSON.stringify(customers)).not.toContain('stranger@example.com');
  });

  it('sorts by total spent, highest first, and by last order, latest first', async () => {
    const spent = (await list('?sort=totalSpent')).customers.map((c) => c.totalSpentCents);
    expect(spent).toEqual([...spent].sort((a, b) => b - a));
    const byLast = (await list('?sort=lastOrder')).customers.map((c) => c.email);
    expect(byLast[0]).toBe('linus@example.com');
  });

  it('searches by name or e-mail', async () => {
    expect((await list('?q=hopper')).customers.map((c) => c.email)).toEqual(['grace@example.com']);
    expect((await list('?q=LINUS@')).customers.map((c) => c.email)).toEqual(['linus@example.com']);
    expect((await list('?q=stranger')).customers).toEqual([]);
  });

  it('opens a customer with their orders and the addresses they shipped to', async () => {
    const grace = (await list('?q=grace')).customers[0] as Customer;
    const res = await owner('GET', `/api/owner/customers/${grace.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toHaveLength(2);
    expect(body.addresses).toEqual([
      {
        address: expect.objectContaining({ address1: shippingAddress.address1 }),
        source: 'order',
        isDefault: false,
      },
    ]);
  });

  it('never opens another site’s customer, and answers 404 / 400 for unknown or malformed ids', async () => {
    const stranger = (
      await ownerRequest(other, await sessionOf(other, 'owner'))('GET', '/api/owner/customers?q=stranger')
    ).json().customers[0] as Customer;
    expect((await owner('GET', `/api/owner/customers/${stranger.id}`)).statusCode).toBe(404);
    expect((await owner('GET', `/api/owner/customers/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await owner('GET', '/api/owner/customers/not-an-id')).statusCode).toBe(400);
    expect((await owner('GET', '/api/owner/customers?sort=name')).statusCode).toBe(400);
    expect((await owner('GET', '/api/owner/customers?cursor=abc')).statusCode).toBe(400);
  });

  it('pages with a cursor without repeating anyone', async () => {
    const first = await list('?sort=totalSpent');
    expect(first.hasNextPage).toBe(false);
    const seen = new Set(first.customers.map((c) => c.email));
    expect(seen.size).toBe(first.customers.length);
  });

  it('exports the customers as a streamed CSV with a BOM and a header row', async () => {
    const res = await owner('GET', '/api/owner/customers/export.csv?sort=totalSpent');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('customers.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Name,Orders,Total spent,Currency,Last order,Account');
    expect(lines.some((l) => l.startsWith('grace@example.com,Grace Hopper,2,'))).toBe(true);
    expect(res.body).not.toContain('stranger@example.com');
  });

  it.each([
    [null, 401],
    ['customer', 403],
  ] as const)('refuses %s (%i)', async (who, status) => {
    const cookie = who ? await sessionOf(site, who) : undefined;
    expect((await ownerRequest(site, cookie)('GET', '/api/owner/customers')).statusCode).toBe(status);
  });

  it('follows the permission table: a store manager reads customers, an editor may not', async () => {
    const manager = await contributorSession(backend, site, 8);
    expect((await ownerRequest(site, manager.cookie)('GET', '/api/owner/customers')).statusCode).toBe(200);
    const editor = await contributorSession(backend, site, 4);
    const res = await ownerRequest(site, editor.cookie)('GET', '/api/owner/customers/export.csv');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your role (Editor) cannot see orders.');
  });
});

describe('customer addresses', () => {
  it('lists saved addresses first (the default first), then each other shipped-to address once', () => {
    const home = { address1: '1 Home St', city: 'A', postalCode: '1', country: 'US' };
    const work = { address1: '2 Work Rd', city: 'B', postalCode: '2', country: 'US' };
    const merged = mergeAddresses(
      [
        { address: work, isDefault: false },
        { address: home, isDefault: true },
      ],
      [{ ...home, address1: '1 HOME ST' }, work, { ...work, address1: '3 Gift Ln' }],
    );
    expect(merged.map((a) => [a.address.address1, a.source, a.isDefault])).toEqual([
      ['1 Home St', 'account', true],
      ['2 Work Rd', 'account', false],
      ['3 Gift Ln', 'order', false],
    ]);
  });
});
