import { formatMoney } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { CouponField } from '../cart-page/coupon-field';
import { TotalsSummary } from '../cart-page/totals-summary';
import { word } from '../words';

/**
 * The checkout's order summary: the lines, a coupon field and the totals the server works
 * out for the address typed so far (subtotal, discount, shipping, tax, gift cards, total).
 */
export function CheckoutSummary(props: { cart: ShoppingCart; currency: string; pending: boolean }) {
  const { cart, currency } = props;
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="checkout-summary"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary-title">{word('checkoutOrderSummary')}</h2>
      <ul className="checkout-summary__lines">
        {cart.entries.map((e) => (
          <li key={e.id}>
            <span>
              {e.quantity} × {e.title}
            </span>
            <span>{formatMoney(e.subTotal, currency)}</span>
          </li>
        ))}
      </ul>
      <CouponField cart={cart} idPrefix="checkout" />
      <TotalsSummary cart={cart} currency={currency} pending={props.pending} />
    </section>
  );
}
