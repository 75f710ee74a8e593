import type { ApiOutput } from '@store/api/client';
import {
  DONATION_FREQUENCY_LABELS,
  type DonationFrequency,
  formatMoney,
  isDonationFrequency,
  minorToDecimal,
  parseDonationAmount,
} from '@store/commerce';
import { useEffect, useId, useState } from 'react';
import { ApiFailure, api } from '../../api';

type Campaign = ApiOutput<'GET /api/donations/campaigns/:campaignId'>;

const failureText = (e: unknown) =>
  e instanceof ApiFailure && e.message && !e.offline
    ? e.message
    : 'Something went wrong. Check your connection and try again.';

const fieldError = (e: unknown, field: string): string | null => {
  if (!(e instanceof ApiFailure)) return null;
  const errors = e.body.errors as Record<string, string> | undefined;
  return errors?.[field] ?? null;
};

/**
 * Island 'donation' (the donation block, and the donate page 203 with `?campaign=`): the
 * suggested amounts as buttons, the donor's own amount when the form allows it, how often,
 * then checkout. The amount is checked here with the server's rule (@store/commerce) for a
 * message at once, and again by the server, which alone decides the price.
 */
export function DonationForm({
  campaignId,
  initial,
  intro = false,
}: {
  campaignId: string;
  initial?: { amount?: string; frequency?: string };
  /** On the donate page (203): the form's heading and text above it (the block has its own). */
  intro?: boolean;
}) {
  const id = useId();
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [loadError, setLoadError] = useState('');
  const [chosen, setChosen] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState(initial?.amount ?? '');
  const [frequency, setFrequency] = useState<DonationFrequency>('once');
  const [amountError, setAmountError] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!campaignId) {
      setLoadError('This donation link is incomplete. Please use the donate button on our site.');
      return;
    }
    api('GET /api/donations/campaigns/:campaignId', { params: { campaignId } }).then(
      (c) => {
        setCampaign(c);
        const wanted = initial?.frequency;
        setFrequency(
          isDonationFrequency(wanted) && c.frequencies.includes(wanted)
            ? wanted
            : (c.frequencies[0] ?? 'once'),
        );
        if (initial?.amount) setChosen('custom');
        else if (c.suggestedAmounts.length > 0)
          setChosen(c.suggestedAmounts[Math.min(1, c.suggestedAmounts.length - 1)] ?? null);
        else setChosen('custom');
      },
      (e) => setLoadError(failureText(e)),
    );
  }, [campaignId, initial?.amount, initial?.frequency]);

  if (loadError)
    return (
      <p className="donation-error" role="alert">
        {loadError}
      </p>
    );
  if (!campaign) return <p className="donation-loading">Loading the donation form…</p>;

  const money = (minor: number) => formatMoney(minor, campaign.currency);
  const limits = {
    currency: campaign.currency,
    suggestedAmounts: campaign.suggestedAmounts,
    allowCustom: campaign.allowCustom,
    minMinor: campaign.minMinor,
    maxMinor: campaign.maxMinor,
  };
  const typed =
    chosen === 'custom' ? custom : chosen === null ? '' : minorToDecimal(chosen, campaign.currency);
  const check = parseDonationAmount(typed, limits);
  const total = check.ok ? money(check.minor) : null;
  const hint = [
    campaign.minMinor > 0 ? `at least ${money(campaign.minMinor)}` : '',
    campaign.maxMinor > 0 ? `at most ${money(campaign.maxMinor)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

  const give = async () => {
    setError('');
    if (!check.ok) {
      setAmountError(check.message);
      return;
    }
    setAmountError('');
    setBusy(true);
    try {
      const answer = await api('POST /api/donations', {
        body: { campaignId: campaign.id, amount: typed, frequency },
      });
      window.location.assign(answer.checkoutPath);
    } catch (e) {
      const amountMessage = fieldError(e, 'amount');
      if (amountMessage) setAmountError(amountMessage);
      else setError(fieldError(e, 'frequency') ?? failureText(e));
      setBusy(false);
    }
  };

  return (
    <form
      className="donation-form"
      data-testid="donation-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      {intro && (campaign.title || campaign.text) && (
        <div className="donation-intro">
          {campaign.title && <h2>{campaign.title}</h2>}
          {campaign.text && <p className="donation-block__text">{campaign.text}</p>}
        </div>
      )}
      {campaign.frequencies.length > 1 && (
        <fieldset className="donation-frequencies">
          <legend className="donation-legend">How often</legend>
          {campaign.frequencies.map((f) => (
            <label key={f} className={`donation-choice${f === frequency ? ' donation-choice--on' : ''}`}>
              <input
                type="radio"
                name={`${id}-frequency`}
                value={f}
                checked={f === frequency}
                onChange={() => setFrequency(f)}
              />
              {DONATION_FREQUENCY_LABELS[f]}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="donation-amounts">
        <legend className="donation-legend">Amount</legend>
        {campaign.suggestedAmounts.map((minor) => (
          <label key={minor} className={`donation-choice${chosen === minor ? ' donation-choice--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-amount`}
              checked={chosen === minor}
              onChange={() => {
                setChosen(minor);
                setAmountError('');
              }}
            />
            {money(minor)}
          </label>
        ))}
        {campaign.allowCustom && (
          <label className={`donation-choice${chosen === 'custom' ? ' donation-choice--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-amount`}
              checked={chosen === 'custom'}
              onChange={() => setChosen('custom')}
            />
            Other amount
          </label>
        )}
      </fieldset>
      {campaign.allowCustom && chosen === 'custom' && (
        <div className="donation-custom">
          <label htmlFor={`${id}-custom`}>Your amount ({campaign.currency})</label>
          <input
            id={`${id}-custom`}
            className="donation-custom__input"
            inputMode="decimal"
            autoComplete="off"
            value={custom}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-hint ${id}-amount-error`}
            onChange={(e) => {
              setCustom(e.target.value);
              setAmountError('');
            }}
          />
          {hint && (
            <p id={`${id}-hint`} className="donation-hint">
              Any amount, {hint}.
            </p>
          )}
        </div>
      )}
      <p id={`${id}-amount-error`} className="donation-error" role="alert">
        {amountError}
      </p>
      {error && (
        <p className="donation-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button donation-submit" disabled={busy}>
        {busy
          ? 'Just a moment…'
          : `${campaign.buttonText || 'Donate'}${total ? ` ${total}` : ''}${total && frequency !== 'once' ? ` ${DONATION_FREQUENCY_LABELS[frequency].toLowerCase()}` : ''}`}
      </button>
    </form>
  );
}
