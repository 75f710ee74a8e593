import type { ShoppingCart } from '@store/api/client';
import { ProductType } from '@store/commerce';
import { cookie, signedIn } from '../../cookies';
import { AuthForms } from '../account/auth-forms';

/** A cart holding a member plan is checked out by an account: the membership is that account's. */
export function needsAccountForPlans(cart: ShoppingCart | null): boolean {
  return (
    !!cart?.entries.some((e) => e.productType === ProductType.PAYWALL) && !signedIn(cookie('SiteUserInfo'))
  );
}

/** Checkout's first step when the cart holds a member plan and nobody is signed in. */
export function PlanAccountStep() {
  return (
    <section className="checkout-section members-signin" aria-labelledby="checkout-plan-account">
      <h2 id="checkout-plan-account" className="members-signin__title">
        Sign in or create an account to join
      </h2>
      <p className="members-note">
        Your cart holds a membership. It belongs to your account: sign in, or create one with your e-mail
        address, then pay.
      </p>
      <AuthForms />
    </section>
  );
}
