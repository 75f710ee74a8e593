import { formatMoney, minorToDecimal, parseMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../data/api-query';

/** The site's currency, for the donation block's amount fields (from the receipt settings). */
function useSiteCurrency(): string {
  const settings = useApiQuery('GET /api/studio/donations/settings', {}, { staleTime: 60_000 });
  return settings.data?.currency ?? 'USD';
}

const asMajor = (minor: number, currency: string) => {
  try {
    return minorToDecimal(minor, currency);
  } catch {
    return String(minor);
  }
};

/**
 * The donation block's suggested amounts: typed in the site's currency ("10, 25, 50"),
 * stored in minor units. An entry that is not an amount is named, and nothing is stored.
 */
export function DonationAmountsField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: unknown;
  onChange(amounts: number[]): void;
}) {
  const currency = useSiteCurrency();
  const amounts = Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  const shown = amounts.map((a) => asMajor(a, currency)).join(', ');
  const [text, setText] = useState(shown);
  const [error, setError] = useState('');
  useEffect(() => setText(shown), [shown]);
  const commit = (raw: string) => {
    const parts = raw
      .split(/[,;\s]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    const out: number[] = [];
    for (const part of parts) {
      const parsed = parseMoney(part, currency);
      if (!parsed.ok || parsed.minor <= 0) {
        setError(`“${part}” is not an amount in ${currency}.`);
        return;
      }
      out.push(parsed.minor);
    }
    if (out.length > 8) {
      setError('Offer at most 8 amounts.');
      return;
    }
    setError('');
    onChange(out);
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} ({currency})
      </label>
      <input
        id={id}
        value={text}
        placeholder="10, 25, 50"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
      />
      <p id={`${id}-hint`} className={error ? 'alert' : 'muted field-hint'}>
        {error ||
          (amounts.length
            ? amounts.map((a) => formatMoney(a, currency)).join(' · ')
            : 'Separate amounts with commas.')}
      </p>
    </div>
  );
}

/** A donation limit in the site's currency (stored in minor units; empty or 0: no limit). */
export function DonationMoneyField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: unknown;
  onChange(minor: number): void;
}) {
  const currency = useSiteCurrency();
  const minor = typeof value === 'number' ? value : 0;
  const shown = minor > 0 ? asMajor(minor, currency) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState('');
  useEffect(() => setText(shown), [shown]);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} ({currency})
      </label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        placeholder="No limit"
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e) => {
          const raw = e.target.value.trim();
          if (!raw) {
            setError('');
            onChange(0);
            return;
          }
          const parsed = parseMoney(raw, currency);
          if (!parsed.ok || parsed.minor < 0) {
            setError(`Enter an amount in ${currency}, such as 5 or 5.00.`);
            return;
          }
          setError('');
          onChange(parsed.minor);
        }}
      />
      {error && <p className="alert">{error}</p>}
    </div>
  );
}
