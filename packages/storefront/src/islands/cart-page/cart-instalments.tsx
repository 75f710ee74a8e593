import {
  cartInstalmentEligible,
  instalmentEligibility,
  instalmentProvider,
  splitInstalments,
} from '@store/commerce';
import type { ShoppingCart as CartView } from '@store/api/client';
import type { PageData } from '../../page-data';
import { instalmentMessage } from '../instalment-line';

/**
 * Cart-level instalment messaging (spec §5): shown only when every item is physical, for the
 * cart subtotal, with the site's instalment context (`installments.cart`); out of range says
 * for which orders it is available.
 */
export function CartInstalments(props: { cart: CartView; page: PageData }) {
  const ctx = props.page.installments?.cart;
  if (
    !ctx?.afterPayAvailable ||
    !cartInstalmentEligible(props.cart.entries as { productType: 1 | 2 | 3 | 4 | 5 }[])
  )
    return null;
  const provider = instalmentProvider(ctx.stripeAccountCountry, ctx.shopperLanguage);
  if (!provider) return null;
  const currency = props.page.currency;
  const total = props.cart.subtotalCents;
  const eligibility = instalmentEligibility({
    priceCents: total,
    productType: 1,
    currency,
    context: {
      afterPayAvailable: true,
      afterPayMin: ctx.afterPayMinCents,
      afterPayMax: ctx.afterPayMaxCents,
    },
  });
  const name = provider.provider === 'CLEARPAY' ? 'Clearpay' : 'Afterpay';
  const parts = splitInstalments(total);
  const text = instalmentMessage(
    props.page,
    eligibility,
    { part: parts.at(-1) ?? 0, min: ctx.afterPayMinCents, max: ctx.afterPayMaxCents },
    name,
  );
  return (
    <p className="instalment-pill cart-instalments" data-testid="cart-instalments">
      {text}
    </p>
  );
}
