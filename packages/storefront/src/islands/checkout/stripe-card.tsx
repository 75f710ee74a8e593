import { useEffect, useRef } from 'react';
import type { StripeCardChange, StripeCardElement, StripeJs } from './stripe-js';

/**
 * Stripe's own card field (a card Element: number, expiry and CVC in Stripe's frame), with
 * its label and its error beside it as the test form shows them. The number is typed into
 * Stripe's page and never into ours. The address is asked above, so no postal code here.
 */
export function StripeCardField(props: {
  stripe: StripeJs;
  error: string | undefined;
  onCard: (card: StripeCardElement | null) => void;
  onChange: (event: StripeCardChange) => void;
}) {
  const { stripe, onCard } = props;
  const host = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  // The latest handler, without mounting the Element again on every render.
  const changed = useRef(props.onChange);
  changed.current = props.onChange;

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const look = getComputedStyle(target);
    const element = stripe.elements().create('card', {
      hidePostalCode: true,
      style: {
        base: {
          fontSize: '16px',
          color: look.color,
          fontFamily: look.fontFamily,
          '::placeholder': { color: '#8a8d99' },
        },
      },
    });
    element.on('change', (event) => changed.current(event));
    element.mount(target);
    card.current = element;
    onCard(element);
    return () => {
      card.current = null;
      onCard(null);
      element.destroy();
    };
  }, [stripe, onCard]);

  const error = props.error;
  return (
    <div className="card-form card-form--stripe" data-testid="stripe-card-form">
      <div className="card-form__field card-form__field--card">
        {/* Stripe's frame names its own inputs; a click on the label moves into it (the
            keyboard tabs straight into the frame). */}
        {/* biome-ignore lint/a11y/noLabelWithoutControl lint/a11y/useKeyWithClickEvents: the control is Stripe's frame */}
        <label id="stripe-card-label" onClick={() => card.current?.focus()}>
          Card
        </label>
        <div id="stripe-card" className="stripe-card" ref={host} data-invalid={error ? 'true' : undefined} />
        {error && (
          <span id="stripe-card-error" className="field-error">
            {error}
          </span>
        )}
      </div>
    </div>
  );
}
