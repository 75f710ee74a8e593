import { FORM_MESSAGES, ISLAND_WORDS, isEmailAddress, missingOptionsMessage } from '@store/commerce';
import { useEffect, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { word } from '../words';

export const RESTOCK_MESSAGES = {
  blank: ISLAND_WORDS.restockBlank,
  invalid: ISLAND_WORDS.restockInvalid,
  failed: FORM_MESSAGES.unauthorized,
  success: ISLAND_WORDS.restockSuccess,
  callToAction: ISLAND_WORDS.restockCallToAction,
  submit: ISLAND_WORDS.restockSubmit,
  optIn: ISLAND_WORDS.restockOptIn,
} as const;

/** Spec §5 "Restock": blank, then 3–256 characters of basic email format. */
export function restockEmailError(value: string): string | null {
  const email = value.trim();
  if (!email) return word('restockBlank');
  if (!isEmailAddress(email)) return word('restockInvalid');
  return null;
}

export interface RestockProps {
  productId: string;
  variantId: string | null;
  /** Merchandising context of the product (spec §3). */
  merchandising: {
    restockNotificationMessages?: { callToAction?: string; successMessage?: string };
    mailingListSignUpEnabled?: boolean;
    mailingListOptInByDefault?: boolean;
  };
  /** The element the product-detail island tells about variant changes ('restock:variant'). */
  events?: HTMLElement;
}

/**
 * Back-in-stock signup (spec §4 "Restock widget"): idle → error message on invalid input →
 * success message replacing the form, while the call-to-action stays.
 */
export function RestockWidget({ productId, variantId: initialVariant, merchandising, events }: RestockProps) {
  const messages = merchandising.restockNotificationMessages ?? {};
  const [variantId, setVariantId] = useState(initialVariant);
  const [email, setEmail] = useState('');
  const [optIn, setOptIn] = useState(Boolean(merchandising.mailingListOptInByDefault));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!events) return;
    const onVariant = (e: Event) => {
      const v = (e as CustomEvent<{ variant: { id?: string } | null }>).detail?.variant;
      if (v?.id) {
        setVariantId(v.id);
        setDone(false);
        setError(null);
      }
    };
    events.addEventListener('restock:variant', onVariant);
    return () => events.removeEventListener('restock:variant', onVariant);
  }, [events]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = restockEmailError(email);
    if (invalid) return setError(invalid);
    if (!variantId) {
      // A product sold out in every variant shows the signup before a choice: ask for one.
      const missing = (events?.dataset.missingOptions ?? '').split('\n').filter(Boolean);
      if (missing.length > 0) setError(missingOptionsMessage(missing));
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api('POST /api/site-users/account/notifications/restock', {
        body: {
          productId,
          variantId,
          siteVisitorEmail: email.trim(),
          isJoinMailingList: merchandising.mailingListSignUpEnabled ? optIn : false,
          ...(document.documentElement.lang ? { language: document.documentElement.lang.slice(0, 35) } : {}),
        },
      });
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiFailure && e.message ? e.message : RESTOCK_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="restock-widget" data-testid="restock">
      <p className="restock-cta">{messages.callToAction || word('restockCallToAction')}</p>
      {done ? (
        <p className="restock-success" role="status" data-testid="restock-success">
          {messages.successMessage || word('restockSuccess')}
        </p>
      ) : (
        <form className="restock-form" noValidate onSubmit={onSubmit}>
          <label className="restock-email">
            <span className="visually-hidden">{word('restockEmailAddress')}</span>
            <input
              type="email"
              name="siteVisitorEmail"
              placeholder={word('restockEmailAddress')}
              maxLength={256}
              value={email}
              aria-invalid={Boolean(error)}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          {merchandising.mailingListSignUpEnabled && (
            <label className="restock-opt-in">
              <input type="checkbox" checked={optIn} onChange={(e) => setOptIn(e.target.checked)} />
              {word('restockOptIn')}
            </label>
          )}
          {error && (
            <p className="restock-error" role="alert" data-testid="restock-error">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {word('restockSubmit')}
          </button>
        </form>
      )}
    </div>
  );
}
