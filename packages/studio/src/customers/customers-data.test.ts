import { describe, expect, it } from 'vitest';
import { addressLines, customerTitle, customersPath, dateOf, exportHref } from './customers-data';

describe('customers screen data', () => {
  it('exports what the list shows: its order and search', () => {
    expect(exportHref({ q: '', sort: 'lastOrder' })).toBe('/api/owner/customers/export.csv?sort=lastOrder');
    expect(exportHref({ q: ' grace hopper ', sort: 'totalSpent' })).toBe(
      '/api/owner/customers/export.csv?sort=totalSpent&q=grace+hopper',
    );
  });

  it('names a customer by their name, else their e-mail', () => {
    expect(customerTitle({ name: 'Grace Hopper', email: 'g@example.com' })).toBe('Grace Hopper');
    expect(customerTitle({ name: ' ', email: 'g@example.com' })).toBe('g@example.com');
  });

  it('lays an address out as label lines, skipping empty parts', () => {
    expect(
      addressLines({
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '1 Analytical Way',
        address2: '',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Hudson, NY 12534', 'US']);
    expect(addressLines({ address1: '2 Rd', country: 'GB' })).toEqual(['2 Rd', 'GB']);
  });

  it('links to a customer and dates their last order', () => {
    expect(customersPath('ab12')).toBe('/config/commerce/customers/ab12');
    expect(dateOf(null)).toBe('–');
    expect(dateOf('2026-01-02 10:00:00+00')).toMatch(/2026/);
  });
});
