import { api } from '../../api';
import type { CardErrors, CardFields } from './card-fields';
import type { CardTokenizer } from './card-tokenizer';
import type { CheckoutFields } from './validate-checkout';

export type PlaceOrderResult = { ok: true; confirmationUrl: string } | { ok: false; cardErrors: CardErrors };

/**
 * Pay and place the order: the card becomes a token first (the number goes to the tokenizer
 * only), then the checkout call carries the token. A refused card answers its field errors; a
 * declined payment or any other failure throws the ApiFailure for the form to show.
 */
export async function placeOrder(input: {
  fields: CheckoutFields;
  card: CardFields;
  tokenize: CardTokenizer;
  needsShipping: boolean;
  /** A subscription cart's token (spec §7), instead of the visitor's cart. */
  cartToken: string | null;
}): Promise<PlaceOrderResult> {
  const { fields, needsShipping, cartToken } = input;
  const tokenized = await input.tokenize(input.card);
  if (!tokenized.ok) return { ok: false, cardErrors: tokenized.errors };
  const { order, confirmationUrl } = await api('POST /api/commerce/checkout', {
    body: {
      email: fields.email.trim(),
      ...(cartToken ? { cartToken } : {}),
      shippingAddress: needsShipping
        ? {
            firstName: fields.firstName,
            lastName: fields.lastName,
            address1: fields.address1,
            address2: fields.address2.trim() || undefined,
            city: fields.city,
            region: fields.state || undefined,
            postalCode: fields.postalCode,
            country: fields.country,
          }
        : undefined,
      shippingOptionId: needsShipping && fields.shippingOptionId ? fields.shippingOptionId : undefined,
      payment: { provider: 'test', token: tokenized.token },
    },
  });
  return {
    ok: true,
    confirmationUrl: confirmationUrl ?? `/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
  };
}
