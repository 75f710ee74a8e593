import { type CurrencyCode, formatMoney, fromMoneyShape } from '@store/commerce';
import type { OrderView } from '@store/api/client';

/** A link to this site's own download route: its path and query, whatever origin mail uses. */
function sameSite(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * What the confirmation page promises beyond the lines: each gift card's code (also e-mailed,
 * to its recipient when there is one) and each digital product's signed download link.
 */
export function GiftCardsAndDownloads(props: { order: OrderView; currency: string }) {
  const { order } = props;
  const currency = props.currency as CurrencyCode;
  const downloads = order.downloads ?? [];
  return (
    <>
      {order.giftCards.length > 0 && (
        <section aria-label="Gift cards" data-testid="order-gift-cards">
          <h2>Gift cards</h2>
          <ul>
            {order.giftCards.map((card) => (
              <li key={card.code}>
                <code data-testid="gift-card-code">{card.code}</code> —{' '}
                {formatMoney(fromMoneyShape(card.amount).minor, currency)}
              </li>
            ))}
          </ul>
          <p className="meta">Each code was also sent by e-mail (to its recipient, when you named one).</p>
        </section>
      )}
      {downloads.length > 0 && (
        <section aria-label="Downloads" data-testid="order-downloads">
          <h2>Downloads</h2>
          <ul>
            {downloads.map((d) => (
              <li key={d.url}>
                <a href={sameSite(d.url)} download data-testid="download-link">
                  Download {d.productName}
                </a>{' '}
                <span className="meta">
                  ({d.remaining} {d.remaining === 1 ? 'download' : 'downloads'} left, until{' '}
                  {new Date(d.expiresAt).toLocaleDateString()})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
