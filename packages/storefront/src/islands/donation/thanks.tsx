import type { ApiOutput } from '@store/api/client';
import { DONATION_FREQUENCY_LABELS, formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { ApiFailure, api } from '../../api';

type Thanks = ApiOutput<'GET /api/donations/orders/:orderId'>;

/** Island 'donation-thanks' (page 204): the receipt's summary of the order's donations. */
export function DonationThanks({ orderId, token }: { orderId: string; token: string }) {
  const [view, setView] = useState<Thanks | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!orderId || !token) {
      setError('This page needs the link from your donation.');
      return;
    }
    api('GET /api/donations/orders/:orderId', { params: { orderId }, query: { token } }).then(setView, (e) =>
      setError(
        e instanceof ApiFailure && !e.offline
          ? e.message
          : 'Your receipt could not be loaded. It is also in your e-mail.',
      ),
    );
  }, [orderId, token]);
  if (error)
    return (
      <p className="donation-error" role="alert">
        {error}
      </p>
    );
  if (!view) return <p>Your donation has been received. A receipt is on its way by e-mail.</p>;
  const money = (minor: number) => formatMoney(minor, view.currency);
  return (
    <div className="donation-thanks" data-testid="donation-thanks">
      <p className="donation-thanks__lead">
        Thank you for supporting {view.organisationName}. Your gift of{' '}
        <strong>{money(view.totalMinor)}</strong> has been received.
      </p>
      <dl className="donation-receipt">
        <dt>Receipt number</dt>
        <dd>{view.orderNumber}</dd>
        <dt>Date</dt>
        <dd>{view.date}</dd>
        {view.donations.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order's donations do not move
          <div key={i} className="donation-receipt__row">
            <dt>{d.campaignTitle || 'Donation'}</dt>
            <dd>
              {money(d.amountMinor)} ·{' '}
              {d.frequency === 'once' ? 'One time' : DONATION_FREQUENCY_LABELS[d.frequency]}
            </dd>
          </div>
        ))}
        <dt>Receipt sent to</dt>
        <dd>{view.email}</dd>
      </dl>
    </div>
  );
}
