import { useEffect } from 'react';
import { api } from '../../api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** How long the address must stay unchanged before it is sent (the buyer may still be typing). */
const SETTLE_MS = 800;

/**
 * The e-mail typed at checkout goes to the cart once it looks complete, so the store can send
 * a reminder if the buyer leaves before ordering (kept only when the store sends reminders).
 * Each address once per page; a failure is silent: the checkout never waits on it.
 */
const sent = new Set<string>();

export function useRecordCartEmail(email: string, enabled: boolean): void {
  useEffect(() => {
    const address = email.trim();
    if (!enabled || !LOOKS_LIKE_EMAIL.test(address) || sent.has(address.toLowerCase())) return;
    const timer = setTimeout(() => {
      sent.add(address.toLowerCase());
      api('PUT /api/commerce/shopping-cart/email', { body: { email: address } }).catch(() => {
        sent.delete(address.toLowerCase());
      });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [email, enabled]);
}
