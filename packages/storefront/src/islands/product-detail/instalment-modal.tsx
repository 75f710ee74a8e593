import { formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { cleanHtml } from '../../components/clean-html';
import { Modal } from '../../components/modal';

/** The provider's info page for `locale`, else en_US (spec §7); null when neither loads. */
export async function fetchInstalmentInfo(locale: string): Promise<string | null> {
  for (const candidate of locale === 'en_US' ? [locale] : [locale, 'en_US']) {
    try {
      const response = await fetch(`/assets/instalments/${encodeURIComponent(candidate)}.html`);
      if (response.ok) return await response.text();
    } catch {
      break; // offline: the fallback would fail the same way
    }
  }
  return null;
}

// Pages fetched this visit, by locale: reopening the modal does not ask again. A failed
// fetch is not kept, so the next open tries once more.
const loaded = new Map<string, string>();

/**
 * The instalment info modal (spec §4): the payment schedule for this price and the
 * provider's info page for the shopper's locale. Loaded when the pill's info button is
 * first used. If the info page cannot be fetched, only a warning is logged (spec §8) and
 * the schedule is shown alone.
 */
export function InstalmentModal(props: {
  name: string;
  locale: string;
  country: string;
  summary: string;
  parts: number[];
  currency: string;
  onClose: () => void;
}) {
  const [info, setInfo] = useState<string | null>(() => loaded.get(props.locale) ?? null);
  useEffect(() => {
    if (loaded.has(props.locale)) return;
    let live = true;
    fetchInstalmentInfo(props.locale).then((html) => {
      if (html === null) console.warn(`Instalment info for ${props.locale} could not be loaded`);
      else {
        loaded.set(props.locale, html);
        if (live) setInfo(html);
      }
    });
    return () => {
      live = false;
    };
  }, [props.locale]);
  return (
    <Modal
      title={`Pay in instalments with ${props.name}`}
      onClose={props.onClose}
      className="instalment-modal"
    >
      <p>{props.summary}</p>
      <ol>
        {props.parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: instalments are positional
          <li key={i}>
            Payment {i + 1}: {formatMoney(part, props.currency)}
            {i === 0 ? ' today' : ` in ${i * 2} weeks`}
          </li>
        ))}
      </ol>
      {info === null ? (
        <p className="meta">No interest. You must be over 18 and a resident of {props.country}.</p>
      ) : (
        // The server's static page for this locale, cleaned like any HTML the page did not build.
        <div
          className="instalment-info-page"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: DOMPurify output (cleanHtml)
          dangerouslySetInnerHTML={{ __html: cleanHtml(info, 'embed') }}
        />
      )}
    </Modal>
  );
}
