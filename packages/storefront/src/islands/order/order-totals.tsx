import { formatMoney, shownTax } from '@store/commerce';
import type { OrderView } from '@store/api/client';

/**
 * What the order cost, line by line, as the server recorded it: the same rows the checkout
 * showed before paying (subtotal, discount, shipping, tax, total), so the two agree.
 */
export function OrderTotals(props: { order: OrderView; currency: string }) {
  const { order } = props;
  const money = (cents: number) => formatMoney(cents, props.currency);
  const tax = shownTax(order);
  return (
    <div className="totals-summary order-totals">
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(order.subtotalCents)}</dd>
        </div>
        {order.discountCents > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{money(order.discountCents)}</dd>
          </div>
        )}
        {(order.shippingCents > 0 || order.shippingOptionName) && (
          <div>
            <dt>Shipping{order.shippingOptionName && ` (${order.shippingOptionName})`}</dt>
            <dd>{order.shippingCents === 0 ? 'Free' : money(order.shippingCents)}</dd>
          </div>
        )}
        {tax.addedCents > 0 && (
          <div>
            <dt>Tax</dt>
            <dd>{money(tax.addedCents)}</dd>
          </div>
        )}
        {tax.includedCents > 0 && (
          <div>
            <dt>Tax (included)</dt>
            <dd>{money(tax.includedCents)}</dd>
          </div>
        )}
        <div className="totals-summary__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{money(order.grandTotalCents)}</dd>
        </div>
      </dl>
      {order.testMode && <p className="meta">Test mode: no real payment was taken.</p>}
    </div>
  );
}
