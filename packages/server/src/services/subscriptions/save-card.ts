import type { PaymentProvider } from '../payments/payment-provider';
import { TEST_TOKENS } from '../payments/test-payment-provider';
import type { SavedMethod } from './manage';

/** What a provider that keeps cards for later charges offers (the renewals engine's save call). */
interface SavesCards {
  saveMethod(input: {
    token: string;
    customerRef: string | null;
    email: string;
    websiteId: string;
  }): Promise<SavedMethod>;
}

const savesCards = (provider: PaymentProvider): provider is PaymentProvider & SavesCards =>
  typeof (provider as Partial<SavesCards>).saveMethod === 'function';

const TEST_CARD = /^tok_card_[a-z](\d{4})_[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{32}$/;

/**
 * Keep the card the customer just typed for the subscription's later charges: the provider's
 * own save call (Stripe attaches the PaymentMethod to the customer), or for the built-in test
 * provider the signed card token itself, which renewals charge like checkout does.
 */
export async function saveCardForSubscription(
  provider: PaymentProvider,
  token: string,
  row: { paymentCustomerRef: string | null; email: string; websiteId: string },
): Promise<SavedMethod> {
  if (savesCards(provider))
    return provider.saveMethod({
      token,
      customerRef: row.paymentCustomerRef,
      email: row.email,
      websiteId: row.websiteId,
    });
  if (provider.name !== 'test') return { ok: false, message: 'this store cannot keep cards yet' };
  const card = TEST_CARD.exec(token);
  if (card) return { ok: true, customerRef: null, methodRef: token, label: `Card ending ${card[1]}` };
  if ((Object.values(TEST_TOKENS) as string[]).includes(token))
    return { ok: true, customerRef: null, methodRef: token, label: 'Test card' };
  return { ok: false, message: 'the card details could not be read' };
}
