import { CART_ERRORS, offlineAddressLookup } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure } from '../../api';
import { cartStore } from '../../cart-store';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { chooseShippingOption } from '../cart-page/cart-edits';
import { ShippingOptions } from '../cart-page/shipping-options';
import { useShippingLocation } from '../cart-page/use-shipping-location';
import { mountInto } from '../mount-into';
import { AddressFields, type CheckoutErrors } from './address-fields';
import { usePostalFill } from './postal-fill';
import { type CardErrors, type CardFields, validateCard } from './card-fields';
import { paidByGiftCards, testCardTokenizer } from './card-tokenizer';
import { CheckoutSummary } from './checkout-summary';
import { GiftCardPayment } from './gift-card-payment';
import { PaymentFields } from './payment-fields';
import { usePaymentSetup } from './payment-setup';
import { NewsletterOptIn, newsletterBox } from './newsletter-opt-in';
import { placeOrder } from './place-order';
import { useRecordCartEmail } from './record-cart-email';
import { addressFields, SavedAddressPicker, useCheckoutAccount } from './saved-addresses';
import type { StripeCardChange, StripeCardElement } from './stripe-js';
import { billingDetails, finishStripeAction, stripeTokenizer } from './stripe-payment';
import { SubscriptionSummary } from './subscription-summary';
import { type CheckoutFields, validateCheckout } from './validate-checkout';
import { word } from '../words';
import { PlanAccountStep, needsAccountForPlans } from '../members/checkout-account';

/** Checkout driven by the checkout API: contact, address, shipping, card, then order confirmed. */
function Checkout(props: { cartToken: string | null }) {
  const { cart, synced } = useCart();
  if (!synced) return <p className="cart-loading">{word('checkoutLoading')}</p>;
  if ((cart?.entries.length ?? 0) === 0 && !props.cartToken) {
    return (
      <div className="cart-empty">
        <p>{CART_ERRORS.CART_EMPTY}</p>
        <a className="button-link" href="/shop">
          Continue shopping
        </a>
      </div>
    );
  }
  if (needsAccountForPlans(cart)) return <PlanAccountStep />;
  return <CheckoutForm cart={cart} cartToken={props.cartToken} />;
}

/** The address's parts that price the order, once they are complete enough to mean something. */
function pricedLocation(fields: CheckoutFields) {
  const regions = offlineAddressLookup.regions(fields.country);
  const region =
    regions.length > 0 ? regions.find((r) => r.code === fields.state)?.code : fields.state.trim();
  const postal = fields.postalCode.trim();
  return {
    country: fields.country,
    ...(region ? { region } : {}),
    ...(postal && offlineAddressLookup.isPostalCode(fields.country, postal) ? { postalCode: postal } : {}),
  };
}

function failureText(e: unknown): string {
  if (e instanceof ApiFailure) return e.offline ? CART_ERRORS.NETWORK_ERROR : e.message;
  return word('checkoutPlaceFailed');
}

function CheckoutForm(props: { cart: ShoppingCart | null; cartToken: string | null }) {
  const { cart, cartToken } = props;
  const currency = pageData().currency;
  // The cart page's estimate already chose where it ships: start from there.
  const start = cart?.shippingLocation ?? null;
  const [fields, setFields] = useState<CheckoutFields>({
    email: '',
    firstName: '',
    lastName: '',
    address1: '',
    address2: '',
    city: '',
    state: start?.region ?? '',
    postalCode: '',
    country: start?.country ?? 'US',
    shippingOptionId: '',
  });
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '', name: '' });
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  // 'fields' is the "check the fields" note: shown only while a field still shows an error.
  const [alert, setAlert] = useState<{ kind: 'fields' | 'failed'; text: string } | null>(null);
  const [placing, setPlacing] = useState(false);
  // The store's "Keep me posted" box (shown only when the store has it on), unticked at first.
  const box = newsletterBox();
  const [keepPosted, setKeepPosted] = useState(false);
  // Test form or Stripe's card field: the site's provider says which.
  const { setup: payment, retry: retryPayment } = usePaymentSetup();
  const [stripeCard, setStripeCard] = useState<StripeCardElement | null>(null);

  // A subscription cart (cartToken) is not the visitor's cart: it takes its shipping option with
  // the checkout call. Subscriptions are physical or service products: ask for the address.
  const subscription = Boolean(cartToken);
  const needsShipping = subscription || Boolean(cart?.requiresShipping ?? true);
  // The option clicked counts at once (its cart update may still be out) and goes with the
  // checkout call; before any click, the cart's own choice (e.g. from the cart page) counts.
  const options = cart?.shippingOptions ?? [];
  const picked = options.some((o) => o.id === fields.shippingOptionId) ? fields.shippingOptionId : '';
  const current = {
    ...fields,
    shippingOptionId: picked || (subscription ? '' : (cart?.selectedShippingOption?.id ?? '')),
  };
  // Gift cards that pay the whole order leave nothing to charge: no card is asked for.
  const nothingDue = !subscription && (cart?.giftCardCents ?? 0) > 0 && cart?.amountDueCents === 0;
  const located = useShippingLocation(needsShipping ? pricedLocation(fields) : null, {
    initial: start ? { country: start.country, region: start.region } : null,
    enabled: !subscription,
  });

  // A shown error goes once its field is fixed (re-checked on every change), never before.
  const recheck = <K extends string>(
    shown: Partial<Record<K, string>>,
    key: K,
    now: string | undefined,
    set: (e: Partial<Record<K, string>>) => void,
  ) => {
    if (!shown[key]) return;
    const copy = { ...shown };
    if (now) copy[key] = now;
    else delete copy[key];
    set(copy);
  };
  const changeField = (key: keyof CheckoutFields, value: string) => {
    // A new country resets the region: the old one belongs to another country.
    const next = key === 'country' ? { ...fields, country: value, state: '' } : { ...fields, [key]: value };
    setFields(next);
    const now = validateCheckout({ ...next, shippingOptionId: current.shippingOptionId }, needsShipping);
    recheck(errors, key, now[key], setErrors);
  };
  // A signed-in customer starts from the account's e-mail and default address, unless
  // something was typed already; any saved address can be picked instead.
  const account = useCheckoutAccount();
  const fillFrom = (part: Partial<CheckoutFields>) => {
    const next = { ...fields, ...part };
    setFields(next);
    const now = validateCheckout({ ...next, shippingOptionId: current.shippingOptionId }, needsShipping);
    const shown: CheckoutErrors = {};
    for (const key of Object.keys(errors) as (keyof CheckoutFields)[]) if (now[key]) shown[key] = now[key];
    setErrors(shown);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the account arrives
  useEffect(() => {
    if (!account) return;
    const saved = account.addresses.find((a) => a.isDefault) ?? account.addresses[0];
    // Applied to the fields as they are when the update runs (the buyer may have typed since
    // the page opened, or started typing since the account arrived), and never into the field
    // the buyer is in: read at that moment, not when the account arrived.
    setFields((now) => {
      const typing = document.activeElement?.id;
      return {
        ...now,
        ...(now.email === '' && typing !== 'checkout-email' ? { email: account.email } : {}),
        ...(saved && needsShipping && now.address1 === '' && !typing?.startsWith('checkout-')
          ? addressFields(saved)
          : {}),
      };
    });
  }, [account]);
  // The e-mail goes to the cart as soon as it is complete (abandoned-cart reminders).
  useRecordCartEmail(fields.email, !subscription);
  // A complete postal code fills the city and region the buyer left empty (not the one being typed).
  usePostalFill(fields.country, fields.postalCode, needsShipping, (fill) => {
    setFields((now) => {
      const typing = document.activeElement?.id;
      return {
        ...now,
        ...(fill.city && now.city === '' && typing !== 'checkout-city' ? { city: fill.city } : {}),
        ...(fill.state && now.state === '' && typing !== 'checkout-state' ? { state: fill.state } : {}),
      };
    });
    setErrors((shown) => {
      const copy = { ...shown };
      if (fill.city) delete copy.city;
      if (fill.state) delete copy.state;
      return copy;
    });
  });
  const changeCard = (key: keyof CardFields, value: string) => {
    const next = { ...card, [key]: value };
    setCard(next);
    recheck(cardErrors, key, validateCard(next)[key], setCardErrors);
  };
  // Stripe's field reports only what it finds wrong: an incomplete card stays marked until complete.
  const changeStripeCard = (event: StripeCardChange) =>
    recheck(
      cardErrors,
      'number',
      event.error?.message ?? (event.complete ? undefined : cardErrors.number),
      setCardErrors,
    );
  const chooseOption = async (id: string) => {
    setFields((f) => ({ ...f, shippingOptionId: id }));
    recheck(errors, 'shippingOptionId', undefined, setErrors);
    if (!subscription) await chooseShippingOption(id);
  };

  // The summary is the price the buyer agrees to (sent as expectedTotal): while it is still
  // being worked out for the address or option just chosen, the order waits for it.
  const optionSynced = subscription || !picked || cart?.selectedShippingOption?.id === picked;
  const totalsSettled = !located.pending && optionSynced;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing || !totalsSettled) return;
    const found = validateCheckout(current, needsShipping);
    const stripe = payment.status === 'stripe' ? payment.stripe : null;
    // Stripe's field is checked by Stripe.js when the card is sent to Stripe.
    const foundCard = nothingDue || payment.status !== 'test' ? {} : validateCard(card);
    setErrors(found);
    setCardErrors(foundCard);
    const first = Object.keys(found)[0];
    const firstCard = Object.keys(foundCard)[0];
    if (first || firstCard) {
      setAlert({ kind: 'fields', text: word('checkoutCheckFields') });
      document.getElementById(first ? `checkout-${first}` : `card-${firstCard}`)?.focus();
      return;
    }
    if (!nothingDue && payment.status === 'failed')
      return setAlert({ kind: 'failed', text: payment.message });
    if (!nothingDue && payment.status === 'loading') return;
    setAlert(null);
    setPlacing(true);
    try {
      let result = await placeOrder({
        fields: current,
        card,
        tokenize: nothingDue
          ? paidByGiftCards
          : stripe
            ? stripeTokenizer(stripe, stripeCard, billingDetails(current, needsShipping))
            : testCardTokenizer,
        provider: stripe ? 'stripe' : 'test',
        needsShipping,
        cartToken,
        // What the summary shows is what the buyer agrees to pay: the server charges no other.
        expectedTotal: cartToken ? undefined : cart?.amountDueCents,
        newsletterOptIn: Boolean(box) && keepPosted,
      });
      // The bank asks the buyer (3-D Secure) in Stripe's window; then the order, or why not.
      if (result.ok === 'pending' && result.payment.status === 'action' && stripe)
        result = await finishStripeAction(stripe, result.payment);
      if (result.ok === true) return window.location.assign(result.confirmationUrl);
      if (result.ok === 'pending') {
        // The provider is still deciding: the receipt follows by mail, or the stock goes back.
        const text =
          result.payment.status === 'action'
            ? word('checkoutActionUnfinished')
            : word('checkoutPaymentWaiting');
        setAlert({ kind: 'failed', text });
        setPlacing(false);
        return;
      }
      setCardErrors(result.cardErrors);
      setAlert({ kind: 'fields', text: word('checkoutCheckCard') });
      if (stripe) stripeCard?.focus();
      else document.getElementById(`card-${Object.keys(result.cardErrors)[0]}`)?.focus();
    } catch (e) {
      // A decline (PAYMENT_FAILED) says why; the form keeps what was typed for another try.
      setAlert({ kind: 'failed', text: failureText(e) });
      // The total changed (a gift card was spent elsewhere): the message says the new one and
      // the summary shows it; placing the order again agrees to it.
      if (e instanceof ApiFailure && e.code === 'TOTAL_CHANGED') void cartStore.load().catch(() => undefined);
    }
    setPlacing(false);
  };

  const marked = Object.keys(errors).length + Object.keys(cardErrors).length > 0;
  const shownAlert = alert && (alert.kind === 'failed' || marked) ? alert.text : null;

  return (
    <form className="checkout-form checkout-layout" onSubmit={submit} noValidate>
      <div className="checkout-layout__summary">
        {cartToken ? (
          <section className="checkout-summary">
            <SubscriptionSummary cartToken={cartToken} currency={currency} />
          </section>
        ) : (
          cart && <CheckoutSummary cart={cart} currency={currency} pending={located.pending} />
        )}
      </div>
      <div className="checkout-layout__main">
        <AddressFields
          fields={fields}
          errors={errors}
          needsShipping={needsShipping}
          onChange={changeField}
          saved={account && <SavedAddressPicker addresses={account.addresses} onPick={fillFrom} />}
          afterEmail={
            box && <NewsletterOptIn label={box.label} checked={keepPosted} onChange={setKeepPosted} />
          }
        />
        {needsShipping && (
          <div className="checkout-section">
            <ShippingOptions
              idPrefix="checkout"
              options={options}
              selectedId={current.shippingOptionId || null}
              currency={currency}
              error={errors.shippingOptionId}
              onChoose={chooseOption}
            />
            {located.error && (
              <p className="form-error" role="status">
                {located.error}
              </p>
            )}
          </div>
        )}
        <fieldset className="checkout-section">
          <legend>{word('checkoutPayment')}</legend>
          {!cartToken && <GiftCardPayment cart={cart} currency={currency} />}
          {!nothingDue && (
            <PaymentFields
              setup={payment}
              retry={retryPayment}
              card={card}
              cardErrors={cardErrors}
              onCardChange={changeCard}
              onStripeCard={setStripeCard}
              onStripeChange={changeStripeCard}
            />
          )}
        </fieldset>
        {/* Always in the page, so each new message is announced when it appears. */}
        <div className="checkout-alert" role="alert">
          {shownAlert && (
            <p className="form-error" data-testid="checkout-error">
              {shownAlert}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={placing || !totalsSettled || (!nothingDue && payment.status === 'loading')}
        >
          {placing
            ? word('checkoutPlacingOrder')
            : totalsSettled
              ? word('checkoutPlaceOrder')
              : word('checkoutUpdatingTotals')}
        </button>
      </div>
    </form>
  );
}

export function mount(element: HTMLElement): void {
  const cartToken = new URLSearchParams(window.location.search).get('cartToken');
  void cartStore.load().catch(() => undefined);
  mountInto(element, <Checkout cartToken={cartToken} />);
}
