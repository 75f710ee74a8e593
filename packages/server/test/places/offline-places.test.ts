import { describe, expect, it } from 'vitest';
import { offlinePlaces } from '../../src/services/places/offline-places';

describe('offline address suggestions', () => {
  it('a US ZIP code fills city and state; ZIP+4 keeps its form', async () => {
    const found = await offlinePlaces.autocomplete({ input: '12207', country: 'US' });
    expect(found).toMatchObject({
      ok: true,
      value: [{ placeId: 'postal:US:12207', mainText: 'Albany 12207' }],
    });
    const details = await offlinePlaces.details('postal:US:122071234');
    expect(details).toEqual({
      ok: true,
      value: { country: 'US', city: 'Albany', region: 'NY', postalCode: '12207-1234' },
    });
  });

  it('a Canadian postal code fills the province, and no district name as a city', async () => {
    const details = await offlinePlaces.details('postal:CA:M5V3L9');
    expect(details).toEqual({
      ok: true,
      value: { country: 'CA', city: undefined, region: 'ON', postalCode: 'M5V 3L9' },
    });
  });

  it('a Puerto Rico ZIP code belongs to Puerto Rico, not the United States', async () => {
    expect(
      (await offlinePlaces.details('postal:PR:00901')).ok && (await offlinePlaces.details('postal:PR:00901')),
    ).toMatchObject({
      value: { country: 'PR', city: 'San Juan' },
    });
    expect(await offlinePlaces.details('postal:US:00901')).toEqual({ ok: true, value: null });
  });

  it('a ZIP code nobody has, or another country, suggests nothing', async () => {
    expect(await offlinePlaces.autocomplete({ input: '00000', country: 'US' })).toEqual({
      ok: true,
      value: [],
    });
    expect(await offlinePlaces.autocomplete({ input: '10115', country: 'DE' })).toEqual({
      ok: true,
      value: [],
    });
  });

  it('completes a city name within the country, larger places first, with the form region code', async () => {
    const found = await offlinePlaces.autocomplete({ input: 'toron', country: 'CA' });
    expect(found.ok && found.value[0]).toMatchObject({ mainText: 'Toronto', secondaryText: 'ON, Canada' });
    const melbourne = await offlinePlaces.autocomplete({ input: 'Melbourne', country: 'AU' });
    expect(melbourne.ok && melbourne.value[0]?.secondaryText).toBe('VIC, Australia');
    const id = melbourne.ok ? (melbourne.value[0]?.placeId ?? '') : '';
    expect(await offlinePlaces.details(id)).toEqual({
      ok: true,
      value: { country: 'AU', city: 'Melbourne', region: 'VIC' },
    });
  });

  it('ignores accents and case; ids it never gave out are null', async () => {
    const found = await offlinePlaces.autocomplete({ input: 'ZURI', country: 'CH' });
    expect(found.ok && found.value[0]?.mainText).toBe('Zürich');
    expect(await offlinePlaces.details('city:999999999999')).toEqual({ ok: true, value: null });
    expect(await offlinePlaces.details('../etc/passwd')).toEqual({ ok: true, value: null });
  });
});
