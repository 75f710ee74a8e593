import type { CardErrors, CardFields } from './card-fields';
import { CardForm } from './card-form';
import type { PaymentSetup } from './payment-setup';
import { StripeCardField } from './stripe-card';
import type { StripeCardChange, StripeCardElement } from './stripe-js';

const TEST_CARD_HINT = 'use card 4242 4242 4242 4242, any future date, any CVC.';

/**
 * Where the buyer gives the card: the built-in test form (test mode), or Stripe's own card
 * field (Stripe); while the site's setup loads, a note; when it could not, why and a retry.
 */
export function PaymentFields(props: {
  setup: PaymentSetup;
  retry: () => void;
  card: CardFields;
  cardErrors: CardErrors;
  onCardChange: (key: keyof CardFields, value: string) => void;
  onStripeCard: (card: StripeCardElement | null) => void;
  onStripeChange: (event: StripeCardChange) => void;
}) {
  const { setup } = props;
  switch (setup.status) {
    case 'test':
      return (
        <>
          <p className="test-mode-note" data-testid="test-mode-note">
            Test mode — {TEST_CARD_HINT}
          </p>
          <CardForm value={props.card} errors={props.cardErrors} onChange={props.onCardChange} />
        </>
      );
    case 'stripe':
      return (
        <>
          {!setup.config.livemode && (
            <p className="test-mode-note" data-testid="stripe-test-note">
              Stripe test mode — {TEST_CARD_HINT}
            </p>
          )}
          <StripeCardField
            stripe={setup.stripe}
            error={props.cardErrors.number}
            onCard={props.onStripeCard}
            onChange={props.onStripeChange}
          />
        </>
      );
    case 'loading':
      return (
        <p className="cart-loading" data-testid="payment-loading">
          Loading card payment…
        </p>
      );
    case 'failed':
      return (
        <div className="payment-unavailable" data-testid="payment-unavailable">
          <p className="form-error">{setup.message}</p>
          <button type="button" onClick={props.retry}>
            Try again
          </button>
        </div>
      );
  }
}
