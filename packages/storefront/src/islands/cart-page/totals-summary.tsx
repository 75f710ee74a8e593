import { formatMoney } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';

/**
 * Fields the cart view gains with included tax and gift cards; read when present so the
 * summary shows them as soon as the server sends them (all amounts come from the server).
 */
interface Extras {
  taxIncluded?: boolean;
  giftCardCents?: number;
  /** What is left to pay once gift cards are taken off the grand total. */
  amountDueCents?: number;
}

/**
 * The order summary from the server's cart view, never computed here: subtotal, discount,
 * shipping, tax, gift cards and total. The subtotal, shipping, tax and total rows are always
 * there (with a placeholder until known), so an address change updates text, not layout.
 */
export function TotalsSummary(props: {
  cart: ShoppingCart;
  currency: string;
  pending: boolean;
  label?: string;
}) {
  const { cart, currency } = props;
  const extras = cart as ShoppingCart & Extras;
  const money = (cents: number) => formatMoney(cents, currency);
  const located = Boolean(cart.shippingLocation?.country);
  const codes = cart.validCoupons.map((c) => c.code).join(', ');
  const shipping = !cart.requiresShipping
    ? 'Not needed'
    : cart.selectedShippingOption
      ? cart.shippingCostCents === 0
        ? 'Free'
        : money(cart.shippingCostCents)
      : 'Choose a method';
  const giftCards = extras.giftCardCents ?? 0;
  const total = extras.amountDueCents ?? cart.grandTotalCents;
  return (
    <div className="totals-summary" aria-busy={props.pending} data-testid="totals-summary">
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{money(cart.subtotalCents)}</dd>
        </div>
        {cart.discountCents > 0 && (
          <div>
            <dt>Discount{codes && ` (${codes})`}</dt>
            <dd data-testid="summary-discount">−{money(cart.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">{shipping}</dd>
        </div>
        <div>
          <dt>{extras.taxIncluded ? 'Tax (included)' : 'Tax'}</dt>
          <dd data-testid="summary-tax">{located ? money(cart.taxCents) : 'Enter an address'}</dd>
        </div>
        {giftCards > 0 && (
          <div>
            <dt>Gift cards</dt>
            <dd data-testid="summary-gift-cards">−{money(giftCards)}</dd>
          </div>
        )}
        <div className="totals-summary__total">
          <dt>{props.label ?? 'Total'}</dt>
          <dd data-testid="summary-total">{money(total)}</dd>
        </div>
      </dl>
      {/* Read once per change, after the update: shipping and tax moved the total. */}
      <p className="visually-hidden" role="status">
        {props.pending ? '' : `${props.label ?? 'Total'} ${money(total)}`}
      </p>
    </div>
  );
}
