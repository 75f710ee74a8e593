import { type SubscriptionPlan, formatMoney, subscriptionPriceText } from '@store/commerce';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { pageJson } from '../../page-json';
import { word } from '../words';

interface Line {
  id: string;
  title: string;
  quantity: number;
  priceText: string;
}

/** The subscription cart behind the token, each line priced with its billing period. */
async function loadSubscription(cartToken: string, currency: string): Promise<Line[]> {
  const { shoppingCart } = await api('GET /api/3/commerce/cart/subscription', { query: { cartToken } });
  return Promise.all(
    shoppingCart.entries.map(async (entry) => {
      // The plan lives on the product; its page context (JSON) has it.
      const ctx = (await pageJson(entry.fullUrl).catch(() => null)) as {
        item?: { structuredContent?: { subscriptionPlan?: SubscriptionPlan } };
      } | null;
      const plan = ctx?.item?.structuredContent?.subscriptionPlan ?? null;
      return {
        id: entry.id,
        title: entry.title,
        quantity: entry.quantity,
        priceText: subscriptionPriceText(formatMoney(entry.subTotal, currency), plan),
      };
    }),
  );
}

/**
 * What the visitor is subscribing to, at the top of the subscription checkout: product,
 * quantity and the price with its billing period ("$16.00 every month").
 */
export function SubscriptionSummary(props: { cartToken: string; currency: string }) {
  const [lines, setLines] = useState<Line[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadSubscription(props.cartToken, props.currency)
      .then(setLines)
      .catch(() => setFailed(true));
  }, [props.cartToken, props.currency]);
  return (
    <div data-testid="subscription-summary">
      <p className="checkout-summary__title">{word('checkoutSubscription')}</p>
      {failed && <p className="form-error">{word('checkoutLoadFailed')}</p>}
      {lines && (
        <ul>
          {lines.map((l) => (
            <li key={l.id}>
              {l.quantity} × {l.title} — {l.priceText}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
