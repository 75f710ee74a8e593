import {
  formatMoney,
  instalmentEligibility,
  instalmentProvider,
  instalmentText,
  splitInstalments,
} from '@store/commerce';
import { useState } from 'react';
import { lazyComponent } from '../../components/lazy';
import type { PageData } from '../../page-data';
import { instalmentAbout, instalmentMessage } from '../instalment-line';

const InstalmentModal = lazyComponent(() => import('./instalment-modal').then((m) => m.InstalmentModal));

/**
 * Instalment pill (spec §4, §5): for eligible physical products "or 4 interest-free payments
 * of {amount} with Afterpay" plus an info button opening a modal (close button, Escape,
 * outside click); out of range shows the availability message instead.
 */
export function Instalments(props: {
  itemId: string;
  priceCents: number;
  productType: number;
  /** Subscriptions bill per period: a pay-in-4 offer does not apply to them. */
  subscribable?: boolean;
  page: PageData;
}) {
  const [open, setOpen] = useState(false);
  const ctx = props.page.installments[props.itemId];
  if (!ctx?.afterPayAvailable || props.productType !== 1 || props.subscribable) return null;
  const provider = instalmentProvider(ctx.stripeAccountCountry, ctx.shopperLanguage);
  if (!provider) return null;
  const currency = props.page.currency;
  const eligibility = instalmentEligibility({
    priceCents: props.priceCents,
    productType: 1,
    currency,
    context: {
      afterPayAvailable: true,
      afterPayMin: ctx.afterPayMinCents,
      afterPayMax: ctx.afterPayMaxCents,
    },
  });
  const name = provider.provider === 'CLEARPAY' ? 'Clearpay' : 'Afterpay';
  const parts = splitInstalments(props.priceCents);
  const amount = formatMoney(parts.at(-1) ?? 0, currency);
  return (
    <div className="instalment-pill" data-testid="instalment-pill">
      <span>
        {instalmentMessage(
          props.page,
          eligibility,
          { part: parts.at(-1) ?? 0, min: ctx.afterPayMinCents, max: ctx.afterPayMaxCents },
          name,
        )}
      </span>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={instalmentAbout(props.page, name)}
        onClick={() => setOpen(true)}
      >
        i
      </button>
      {open && (
        <InstalmentModal
          name={name}
          locale={provider.locale}
          country={provider.country}
          summary={eligibility.eligible ? `${instalmentText(amount)}.` : eligibility.message}
          parts={parts}
          currency={currency}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
