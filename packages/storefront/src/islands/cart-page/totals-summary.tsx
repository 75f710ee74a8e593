import { formatMoney, shownTax } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { word } from '../words';

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
  const money = (cents: number) => formatMoney(cents, currency);
  const located = Boolean(cart.shippingLocation?.country);
  const codes = cart.validCoupons.map((c) => c.code).join(', ');
  const shipping = !cart.requiresShipping
    ? word('cartNotNeeded')
    : cart.selectedShippingOption
      ? cart.shippingCostCents === 0
        ? word('cartFree')
        : money(cart.shippingCostCents)
      : word('cartChooseMethod');
  // Included tax is shown, never added again; added tax is what the total gained.
  const { addedCents: added, includedCents: included } = shownTax(cart);
  const onlyIncluded = included > 0 && added === 0;
  return (
    <div className="totals-summary" aria-busy={props.pending} data-testid="totals-summary">
      <dl>
        <div>
          <dt>{word('cartSubtotal')}</dt>
          <dd data-testid="summary-subtotal">{money(cart.subtotalCents)}</dd>
        </div>
        {cart.discountCents > 0 && (
          <div>
            <dt>
              {word('cartDiscount')}
              {codes && ` (${codes})`}
            </dt>
            <dd data-testid="summary-discount">−{money(cart.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>{word('cartShipping')}</dt>
          <dd data-testid="summary-shipping">{shipping}</dd>
        </div>
        <div>
          <dt>{onlyIncluded ? word('cartTaxIncluded') : word('cartTax')}</dt>
          <dd data-testid="summary-tax">
            {located ? money(onlyIncluded ? included : added) : word('cartEnterAddress')}
          </dd>
        </div>
        {included > 0 && !onlyIncluded && (
          <div>
            <dt>{word('cartTaxIncluded')}</dt>
            <dd data-testid="summary-included-tax">{money(included)}</dd>
          </div>
        )}
        {cart.giftCardCents > 0 && (
          <div>
            <dt>{word('cartGiftCards')}</dt>
            <dd data-testid="summary-gift-cards">−{money(cart.giftCardCents)}</dd>
          </div>
        )}
        <div className="totals-summary__total">
          <dt>{props.label ?? word('cartTotal')}</dt>
          <dd data-testid="summary-total">{money(cart.amountDueCents)}</dd>
        </div>
      </dl>
      {/* Read once per change, after the update: shipping and tax moved the total. */}
      <p className="visually-hidden" role="status">
        {props.pending ? '' : `${props.label ?? word('cartTotal')} ${money(cart.amountDueCents)}`}
      </p>
    </div>
  );
}
