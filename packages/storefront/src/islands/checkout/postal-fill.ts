import { offlineAddressLookup } from '@store/commerce';
import { useEffect, useRef } from 'react';
import { api } from '../../api';

/** What a postal code can fill: the parts the buyer has not typed yet. */
export interface PostalFill {
  city?: string;
  state?: string;
}

const WAIT_MS = 350;

/**
 * The place of a complete postal code (the server's address suggestions: offline datasets, or
 * Google Places with the owner's key), as the city and region it fills. Null when nothing is
 * known for it or the suggestions are unavailable: the buyer types them, as without this.
 */
export async function lookUpPostalCode(country: string, postalCode: string): Promise<PostalFill | null> {
  try {
    const { predictions } = await api('GET /api/google-maps/places/autocomplete', {
      query: { input: postalCode, country },
    });
    const first = predictions[0];
    if (!first) return null;
    const { address } = await api('GET /api/google-maps/places/details', {
      query: { placeId: first.placeId, productPage: 'checkout', productSection: 'shipping-address' },
    });
    if (!address || address.country !== country) return null;
    return { city: address.city, state: address.region };
  } catch {
    return null;
  }
}

/**
 * Once the buyer has typed a complete postal code of the chosen country, fill the city and the
 * region they left empty. Asked once per code, a moment after the typing stops.
 */
export function usePostalFill(
  country: string,
  postalCode: string,
  enabled: boolean,
  apply: (fill: PostalFill) => void,
): void {
  const asked = useRef('');
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const code = postalCode.trim();
    const key = `${country}:${code}`;
    if (!enabled || !code || asked.current === key || !offlineAddressLookup.isPostalCode(country, code))
      return;
    let stale = false;
    const timer = setTimeout(async () => {
      asked.current = key;
      const fill = await lookUpPostalCode(country, code);
      if (fill && !stale) latest.current(fill);
    }, WAIT_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [country, postalCode, enabled]);
}
