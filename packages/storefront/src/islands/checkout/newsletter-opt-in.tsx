import { pageData } from '../../page-data';

/** The store's "Keep me posted" box: its words when the store has it on, else null. */
export function newsletterBox(): { label: string } | null {
  return pageData().checkoutNewsletter ?? null;
}

/**
 * The checkout's "Keep me posted" box, under the e-mail field: unticked until the buyer ticks
 * it. Ticked, the e-mail joins the store's mailing list once the order is placed.
 */
export function NewsletterOptIn(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="checkout-opt-in" htmlFor="checkout-newsletter">
      <input
        id="checkout-newsletter"
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}
