import { type CurrencyCode, formatMoney } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { GiftCardField } from '../cart-page/gift-card-field';
import { word } from '../words';

/**
 * Gift cards at checkout: the same field as the cart page, and when the cards pay it all,
 * the buyer is told nothing will be charged to the card.
 */
export function GiftCardPayment(props: { cart: ShoppingCart | null; currency: string }) {
  const { cart } = props;
  const currency = props.currency as CurrencyCode;
  if (!cart) return null;
  const coversAll = (cart.giftCardCents ?? 0) > 0 && cart.amountDueCents === 0;
  return (
    <section className="checkout-gift-cards" aria-label={word('checkoutGiftCards')}>
      <GiftCardField cart={cart} currency={currency} idPrefix="checkout" />
      {coversAll && (
        <p className="meta" data-testid="checkout-paid-by-gift-cards">
          Your gift cards pay the whole order ({formatMoney(cart.grandTotalCents, currency)}): your payment
          card will not be charged.
        </p>
      )}
    </section>
  );
}
