import { formatMoney, shownTax, toMinorUnits } from '@store/commerce';
import type { SerializedOrder } from '../order.service';

/**
 * The order mails as plain text (nothing a buyer typed can run in a text body). Each builder
 * takes the serialized order, so what the mail says is what the confirmation page shows.
 */

export interface MailSite {
  siteTitle: string;
}

export interface Mail {
  subject: string;
  text: string;
  /** The links and codes in the text that give access (the outbox hides them, email-outbox.ts). */
  secrets?: string[];
}

/** Download links helper D adds to the serialized order (present for digital purchases). */
interface DownloadLink {
  productName: string;
  url: string;
  expiresAt: string | number | Date;
  remaining: number;
}

type MailOrder = SerializedOrder & { downloads?: DownloadLink[]; giftCardCents?: number };

const money = (order: MailOrder, cents: number) => formatMoney(cents, order.currency);

function lineText(order: MailOrder): string[] {
  return order.items.map((l) => {
    const variant = l.variantDescription ? ` (${l.variantDescription})` : '';
    const total = money(order, l.unitPriceCents * l.quantity);
    return `- ${l.productName}${variant} × ${l.quantity} @ ${money(order, l.unitPriceCents)} = ${total}`;
  });
}

function addressText(order: MailOrder): string[] {
  const a = order.shippingAddress;
  if (!a) return [];
  const cityLine = [a.city, a.region, a.postalCode].filter(Boolean).join(' ');
  return [
    'Shipping to:',
    `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(),
    a.address1 ?? '',
    ...(a.address2 ? [a.address2] : []),
    cityLine,
    a.country ?? '',
  ].filter((line) => line !== '');
}

/** Subtotal, shipping, tax, discount, gift card and total, one per line (zero lines left out). */
export function totalsText(order: MailOrder): string[] {
  const giftCardCents = order.giftCardCents ?? 0;
  const tax = shownTax(order);
  return [
    `Subtotal: ${money(order, order.subtotalCents)}`,
    ...(order.discountCents > 0 ? [`Discount: -${money(order, order.discountCents)}`] : []),
    ...(order.shippingAddress || order.shippingCents > 0
      ? [
          `Shipping${order.shippingOptionName ? ` (${order.shippingOptionName})` : ''}: ${money(order, order.shippingCents)}`,
        ]
      : []),
    ...(tax.addedCents > 0 || tax.includedCents === 0 ? [`Tax: ${money(order, tax.addedCents)}`] : []),
    ...(tax.includedCents > 0 ? [`Tax (included): ${money(order, tax.includedCents)}`] : []),
    `Total: ${money(order, order.grandTotalCents)}`,
    ...(giftCardCents > 0
      ? [
          `Paid by gift card: ${money(order, giftCardCents)}`,
          `Charged to your card: ${money(order, order.grandTotalCents - giftCardCents)}`,
        ]
      : []),
  ];
}

function downloadsText(order: MailOrder): string[] {
  if (!order.downloads?.length) return [];
  return [
    '',
    'Your downloads:',
    ...order.downloads.map(
      (d) =>
        `- ${d.productName}: ${d.url} (${d.remaining} download${d.remaining === 1 ? '' : 's'} left, link valid until ${new Date(d.expiresAt).toISOString().slice(0, 10)})`,
    ),
  ];
}

function giftCardText(order: MailOrder): string[] {
  if (order.giftCards.length === 0) return [];
  return [
    '',
    'Gift cards:',
    ...order.giftCards.map(
      (c) => `- ${c.code} (${money(order, toMinorUnits(c.amount.value, order.currency))})`,
    ),
  ];
}

const testNote = (order: MailOrder) =>
  order.testMode ? ['', 'This is a test-mode order: no money was taken.'] : [];

/** The buyer's receipt, queued with the order. */
export function receiptMail(site: MailSite, order: MailOrder, statusUrl: string): Mail {
  return {
    subject: `Your order #${order.orderNumber} at ${site.siteTitle}`,
    text: [
      `Thank you for your order at ${site.siteTitle}.`,
      `Order #${order.orderNumber}`,
      '',
      ...lineText(order),
      '',
      ...totalsText(order),
      ...(order.shippingAddress ? ['', ...addressText(order)] : []),
      ...giftCardText(order),
      ...downloadsText(order),
      '',
      `Order status: ${statusUrl}`,
      ...testNote(order),
    ].join('\n'),
    secrets: [statusUrl, ...(order.downloads ?? []).map((d) => d.url), ...order.giftCards.map((c) => c.code)],
  };
}

/** The owner's new-order notice. */
export function ownerNoticeMail(site: MailSite, order: MailOrder, studioUrl: string): Mail {
  return {
    subject: `New order #${order.orderNumber}: ${money(order, order.grandTotalCents)}${order.testMode ? ' (test mode)' : ''}`,
    text: [
      `${site.siteTitle} has a new order from ${order.email}.`,
      `Order #${order.orderNumber} · ${order.status}`,
      '',
      ...lineText(order),
      '',
      ...totalsText(order),
      ...(order.shippingAddress ? ['', ...addressText(order)] : []),
      '',
      `Open it in the studio: ${studioUrl}`,
      ...testNote(order),
    ].join('\n'),
  };
}

/** The buyer's shipping confirmation (or, for an order that does not ship, its completion). */
export function shippedMail(
  site: MailSite,
  order: MailOrder,
  tracking: { number: string; carrier: string | null } | null,
  statusUrl: string,
): Mail {
  if (tracking === null) {
    return {
      subject: `Your order #${order.orderNumber} is complete`,
      text: [
        `Your order #${order.orderNumber} from ${site.siteTitle} is complete.`,
        '',
        ...lineText(order),
        '',
        `Order status: ${statusUrl}`,
      ].join('\n'),
      secrets: [statusUrl],
    };
  }
  return {
    subject: `Your order #${order.orderNumber} has shipped`,
    text: [
      `Good news: your order #${order.orderNumber} from ${site.siteTitle} is on its way.`,
      '',
      `Tracking number: ${tracking.number}${tracking.carrier ? ` (${tracking.carrier})` : ''}`,
      '',
      ...lineText(order),
      ...(order.shippingAddress ? ['', ...addressText(order)] : []),
      '',
      `Order status: ${statusUrl}`,
    ].join('\n'),
    secrets: [statusUrl],
  };
}

/** The buyer's cancel notice: what comes back to the card and to gift cards. */
export function canceledMail(
  site: MailSite,
  order: MailOrder,
  refund: { cardCents: number; giftCardCents: number },
  statusUrl: string,
): Mail {
  return {
    subject: `Your order #${order.orderNumber} was canceled`,
    text: [
      `Your order #${order.orderNumber} at ${site.siteTitle} was canceled.`,
      '',
      ...lineText(order),
      '',
      ...(refund.cardCents > 0 ? [`Refunded to your card: ${money(order, refund.cardCents)}`] : []),
      ...(refund.giftCardCents > 0
        ? [`Returned to your gift card(s): ${money(order, refund.giftCardCents)}`]
        : []),
      ...(refund.cardCents === 0 && refund.giftCardCents === 0 ? ['You were not charged.'] : []),
      '',
      `Order status: ${statusUrl}`,
    ].join('\n'),
    secrets: [statusUrl],
  };
}

/** The buyer's refund notice (partial or full). */
export function refundedMail(
  site: MailSite,
  order: MailOrder & { refundedCents: number },
  amountCents: number,
  statusUrl: string,
): Mail {
  const full = order.status === 'REFUNDED';
  return {
    subject: `${full ? 'Refund' : 'Partial refund'} for order #${order.orderNumber}`,
    text: [
      `${site.siteTitle} refunded ${money(order, amountCents)} of your order #${order.orderNumber} to your card.`,
      `Refunded so far: ${money(order, order.refundedCents)} of ${money(order, order.grandTotalCents - (order.giftCardCents ?? 0))} charged.`,
      '',
      'Refunds usually reach your account within 5–10 business days.',
      '',
      `Order status: ${statusUrl}`,
    ].join('\n'),
    secrets: [statusUrl],
  };
}
