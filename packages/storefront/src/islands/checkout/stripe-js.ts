/** What Stripe.js says went wrong (a card field's check, a refused card, a network failure). */
export interface StripeJsError {
  type: string;
  code?: string;
  message?: string;
}

/** A card Element's 'change' event. */
export interface StripeCardChange {
  complete: boolean;
  empty: boolean;
  error?: StripeJsError;
}

/** Stripe's card field: its own frame, mounted into one of our elements. */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (event: StripeCardChange) => void): StripeCardElement;
  focus(): void;
  destroy(): void;
}

export interface StripeBillingDetails {
  name?: string;
  email?: string;
  address?: {
    line1?: string;
    line2?: string;
    city?: string;
    state?: string;
    postal_code?: string;
    country?: string;
  };
}

/** The part of Stripe.js checkout uses (https://docs.stripe.com/js). */
export interface StripeJs {
  elements(): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(data: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: StripeBillingDetails;
  }): Promise<{
    paymentMethod?: { id: string; card?: { brand?: string; last4?: string } };
    error?: StripeJsError;
  }>;
  handleNextAction(options: {
    clientSecret: string;
  }): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeJsError }>;
}

type StripeFactory = (publishableKey: string) => StripeJs;

const loading = new Map<string, Promise<StripeFactory>>();
const instances = new Map<string, StripeJs>();

/** Stripe.js's global, once its script ran. */
function stripeGlobal(): StripeFactory | undefined {
  const found = (window as { Stripe?: unknown }).Stripe;
  return typeof found === 'function' ? (found as StripeFactory) : undefined;
}

/**
 * Stripe.js from `scriptUrl` (one script tag, however often it is asked for; a failed load
 * may be tried again), then one Stripe object per publishable key.
 */
export async function loadStripe(scriptUrl: string, publishableKey: string): Promise<StripeJs> {
  const known = instances.get(publishableKey);
  if (known) return known;
  let factory = stripeGlobal();
  if (!factory) {
    let pending = loading.get(scriptUrl);
    if (!pending) {
      pending = new Promise<StripeFactory>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = scriptUrl;
        script.async = true;
        script.addEventListener('load', () => {
          const loaded = stripeGlobal();
          if (loaded) resolve(loaded);
          else reject(new Error('Stripe.js did not start.'));
        });
        script.addEventListener('error', () => {
          loading.delete(scriptUrl);
          script.remove();
          reject(new Error('Stripe.js could not be loaded.'));
        });
        document.head.appendChild(script);
      });
      loading.set(scriptUrl, pending);
    }
    factory = await pending;
  }
  const stripe = factory(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}
