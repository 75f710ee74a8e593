import { useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../api';
import { setShippingLocation } from './cart-edits';

export interface ShippingLocation {
  country: string;
  region?: string;
  postalCode?: string;
}

const key = (l: ShippingLocation | null) => (l ? `${l.country}|${l.region ?? ''}|${l.postalCode ?? ''}` : '');

/**
 * Keep the cart's shipping location in step with what the buyer types, so the server's cart
 * view answers the shipping options, tax and total for it. Typing is debounced (one request
 * after a pause), a location already sent is not sent again, and only the newest request
 * settles `pending` and `error`. `location` null means "nothing to send yet".
 */
export function useShippingLocation(
  location: ShippingLocation | null,
  options: { initial: ShippingLocation | null; enabled: boolean; delayMs?: number },
): { pending: boolean; error: string | null } {
  const sent = useRef(key(options.initial));
  const seq = useRef(0);
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wanted = key(location);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the location's text
  useEffect(() => {
    if (!options.enabled || !location) return;
    // Back to what was sent before the pause ended: nothing to do (unless a request is out).
    if (wanted === sent.current) return setPending(inFlight.current);
    setPending(true);
    const timer = setTimeout(async () => {
      const mine = ++seq.current;
      sent.current = wanted;
      inFlight.current = true;
      try {
        // Changes go one at a time, so the newest location's answer is the one left showing.
        await setShippingLocation(location);
        if (mine !== seq.current) return;
        setError(null);
      } catch (e) {
        if (mine !== seq.current) return;
        sent.current = ''; // let the same location be tried again
        setError(
          e instanceof ApiFailure && e.offline
            ? 'Unable to update shipping and tax: check your connection.'
            : 'Unable to update shipping and tax for this address.',
        );
      } finally {
        if (mine === seq.current) {
          inFlight.current = false;
          setPending(false);
        }
      }
    }, options.delayMs ?? 400);
    return () => clearTimeout(timer);
  }, [wanted, options.enabled]);

  return { pending, error };
}
