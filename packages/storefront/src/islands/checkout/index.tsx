import { CART_ERRORS, formatMoney } from '@store/commerce';
import { type FormEvent, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { cartStore } from '../../cart-store';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { mountInto } from '../mount-into';
import { offlineAddressLookup } from './address-lookup';
import { SubscriptionSummary } from './subscription-summary';
import { type CheckoutFields, validateCheckout } from './validate-checkout';

const LABELS: Record<keyof CheckoutFields, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  city: 'City',
  state: 'State / region',
  postalCode: 'Postal code',
  country: 'Country',
  shippingOptionId: 'Shipping',
};

/** Checkout driven by the checkout API: contact, shipping, test payment, then order confirmed. */
function Checkout(props: { cartToken: string | null }) {
  const { cart, synced } = useCart();
  const currency = pageData().currency;
  const [fields, setFields] = useState<CheckoutFields>({
    email: '',
    firstName: '',
    lastName: '',
    address1: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'US',
    shippingOptionId: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CheckoutFields, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);

  if (!synced) return <p className="cart-loading">Loading checkout…</p>;
  const entries = cart?.entries ?? [];
  if (entries.length === 0 && !props.cartToken) {
    return (
      <div>
        <p>{CART_ERRORS.CART_EMPTY}</p>
        <a className="button-link" href="/shop">
          Continue shopping
        </a>
      </div>
    );
  }
  // A subscription cart (cartToken) is not the visitor's CART; subscriptions are physical or
  // service products, so ask for the address to be safe.
  const needsShipping = props.cartToken ? true : Boolean(cart?.requiresShipping ?? true);
  const options = cart?.shippingOptions ?? [];
  const shipping = options.find((o) => o.id === fields.shippingOptionId);
  // A shown error goes once its field is fixed (re-checked on every change), never before.
  const set = (key: keyof CheckoutFields) => (e: { target: { value: string } }) => {
    const next = { ...fields, [key]: e.target.value };
    setFields(next);
    if (!errors[key]) return;
    const now = validateCheckout(next, needsShipping)[key];
    setErrors((current) => {
      const copy = { ...current };
      if (now) copy[key] = now;
      else delete copy[key];
      return copy;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCheckout(fields, needsShipping);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      document.getElementById(`checkout-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setPlacing(true);
    try {
      // The visitor's cart gets the option first (totals shown back); a subscription cart
      // takes it with the checkout call.
      if (needsShipping && fields.shippingOptionId && !props.cartToken) {
        const res = await api('PUT /api/commerce/shopping-cart/shipping-option', {
          body: { shippingOptionId: fields.shippingOptionId },
        });
        cartStore.replace(res.shoppingCart);
      }
      const { order, confirmationUrl } = await api('POST /api/commerce/checkout', {
        body: {
          email: fields.email.trim(),
          ...(props.cartToken ? { cartToken: props.cartToken } : {}),
          shippingAddress: needsShipping
            ? {
                firstName: fields.firstName,
                lastName: fields.lastName,
                address1: fields.address1,
                city: fields.city,
                region: fields.state || undefined,
                postalCode: fields.postalCode,
                country: fields.country,
              }
            : undefined,
          shippingOptionId: needsShipping ? fields.shippingOptionId : undefined,
          payment: { provider: 'test', token: 'tok_visa' },
        },
      });
      window.location.assign(
        confirmationUrl ?? `/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
      );
    } catch (e) {
      setPlacing(false);
      setServerError(
        e instanceof ApiFailure
          ? e.offline
            ? CART_ERRORS.NETWORK_ERROR
            : e.message
          : 'Unable to place the order. Please try again.',
      );
    }
  };

  const input = (key: keyof CheckoutFields, type = 'text', autoComplete?: string) => (
    <div>
      <label htmlFor={`checkout-${key}`}>{LABELS[key]}</label>
      <input
        id={`checkout-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={set(key)}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `checkout-${key}-error` : undefined}
      />
      {errors[key] && (
        <span id={`checkout-${key}-error`} className="field-error">
          {errors[key]}
        </span>
      )}
    </div>
  );

  const regions = offlineAddressLookup.regions(fields.country);
  const select = (
    key: keyof CheckoutFields,
    options: { value: string; label: string }[],
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={`checkout-${key}`}>{LABELS[key]}</label>
      <select
        id={`checkout-${key}`}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => {
          // A new country resets the region: the old one belongs to another country.
          if (key === 'country') setFields((f) => ({ ...f, country: e.target.value, state: '' }));
          else set(key)(e);
        }}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `checkout-${key}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors[key] && (
        <span id={`checkout-${key}-error`} className="field-error">
          {errors[key]}
        </span>
      )}
    </div>
  );

  return (
    <form className="checkout-form" onSubmit={submit} noValidate>
      <section aria-label="Order summary" className="checkout-summary">
        {props.cartToken ? (
          <SubscriptionSummary cartToken={props.cartToken} currency={currency} />
        ) : (
          <ul>
            {entries.map((e) => (
              <li key={e.id}>
                {e.quantity} × {e.title} — {formatMoney(e.subTotal, currency)}
              </li>
            ))}
          </ul>
        )}
        {!props.cartToken && (
          <p>
            Subtotal: <strong>{formatMoney(cart?.subtotalCents ?? 0, currency)}</strong>
            {shipping && ` · Shipping: ${formatMoney(shipping.costCents, currency)}`}
          </p>
        )}
      </section>
      <h2>Contact</h2>
      {input('email', 'email', 'email')}
      {needsShipping && (
        <>
          <h2>Shipping address</h2>
          {input('firstName', 'text', 'given-name')}
          {input('lastName', 'text', 'family-name')}
          {input('address1', 'text', 'address-line1')}
          {input('city', 'text', 'address-level2')}
          {select(
            'country',
            offlineAddressLookup.countries().map((c) => ({ value: c.code, label: c.name })),
            'country',
          )}
          {regions.length > 0
            ? select(
                'state',
                [{ value: '', label: 'Choose…' }, ...regions.map((r) => ({ value: r.code, label: r.name }))],
                'address-level1',
              )
            : input('state', 'text', 'address-level1')}
          {input('postalCode', 'text', 'postal-code')}
          <div>
            <label htmlFor="checkout-shippingOptionId">Shipping</label>
            <select
              id="checkout-shippingOptionId"
              value={fields.shippingOptionId}
              onChange={set('shippingOptionId')}
              aria-invalid={Boolean(errors.shippingOptionId)}
            >
              <option value="">Choose a shipping option</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} — {formatMoney(o.costCents, currency)}
                </option>
              ))}
            </select>
            {errors.shippingOptionId && <span className="field-error">{errors.shippingOptionId}</span>}
          </div>
        </>
      )}
      <h2>Payment</h2>
      <p className="meta">Test mode: the card 4242 4242 4242 4242 is charged.</p>
      {serverError && (
        <p className="form-error" role="alert" data-testid="checkout-error">
          {serverError}
        </p>
      )}
      <button type="submit" disabled={placing}>
        {placing ? 'Placing order…' : 'Place order'}
      </button>
    </form>
  );
}

export function mount(element: HTMLElement): void {
  const cartToken = new URLSearchParams(window.location.search).get('cartToken');
  void cartStore.load().catch(() => undefined);
  mountInto(element, <Checkout cartToken={cartToken} />);
}
