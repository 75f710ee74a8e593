import { ApiFailure, api } from '../../api';
import { type CardErrors, type CardFields, digitsOf, parseExpiry } from './card-fields';

/** What a tokenizer answers: a one-use payment token, or why the card was refused per field. */
export type TokenResult =
  | { ok: true; token: string; brand: string; last4: string }
  | { ok: false; errors: CardErrors };

/**
 * The one thing checkout asks of a card form: turn the typed card into a payment token. The
 * built-in test-mode provider tokenizes on our server; a real provider's hosted fields would
 * supply their own function (the card never touching our pages) and checkout stays the same.
 */
export type CardTokenizer = (card: CardFields) => Promise<TokenResult>;

// The token route's field names → the form's fields (month and year are one MM/YY input).
const FIELD: Record<string, keyof CardFields> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
  name: 'name',
};

/** The test-mode provider's tokenizer: `POST /api/commerce/payments/test/tokens`. */
export const testCardTokenizer: CardTokenizer = async (card) => {
  const expiry = parseExpiry(card.expiry);
  const body = {
    number: digitsOf(card.number),
    expMonth: expiry?.expMonth ?? 0,
    expYear: expiry?.expYear ?? 0,
    cvc: card.cvc.trim(),
    ...(card.name.trim() ? { name: card.name.trim() } : {}),
  };
  try {
    const res = await api('POST /api/commerce/payments/test/tokens', { body });
    return { ok: true, ...res };
  } catch (e) {
    const fields = e instanceof ApiFailure && e.status === 400 ? e.body.errors : undefined;
    if (!fields || typeof fields !== 'object') throw e;
    const errors: CardErrors = {};
    for (const [key, message] of Object.entries(fields as Record<string, unknown>)) {
      const field = FIELD[key];
      if (field && !errors[field]) errors[field] = String(message);
    }
    if (Object.keys(errors).length === 0) throw e;
    return { ok: false, errors };
  }
};

/**
 * When gift cards pay the whole order the provider is never asked to charge, but the checkout
 * call still names a payment: this stands for "nothing left to charge", no card involved.
 */
export const paidByGiftCards: CardTokenizer = async () => ({
  ok: true,
  token: 'paid-by-gift-cards',
  brand: 'none',
  last4: '',
});
