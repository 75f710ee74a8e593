import { type CurrencyCode, formatMoney, minorToDecimal } from '@store/commerce';
import type { Database } from '../../db/client';
import { resetMail } from '../account-security/reset-mail';
import { invitationMail } from '../contributors/invitation-mail';
import { submissionText } from '../forms/forms.service';
import { giftCardEmail } from '../gift-cards/gift-card-email';
import type { SerializedOrder } from '../order.service';
import { canceledMail, ownerNoticeMail, receiptMail, refundedMail, shippedMail } from '../orders/order-mail';
import { membershipConfirmedMail } from '../members/membership-mail';
import { restockEmail } from '../restock/restock-email';
import { siteBaseUrl } from '../site-base-url';
import { type MailSite, mailSettingsRow, senderOf } from './mail-settings.service';
import { renderMailHtml } from './mail-layout';
import { mailLookOf } from './mail-look';
import { testMail } from './mail-test';

type PreviewSite = MailSite & { currency: string; identifier: string };
type Sample = { to: string; subject: string; text: string };

/** Sample values: clearly examples, never anyone's real order, address or code. */
const BUYER = 'ada.lovelace@example.com';
const TOKEN = 'sample-link-token';

function sampleOrder(site: PreviewSite): SerializedOrder {
  const currency = site.currency as CurrencyCode;
  const money = (cents: number) => ({ value: minorToDecimal(cents, currency), currency });
  const line = (productName: string, variantDescription: string | null, quantity: number, cents: number) => ({
    itemId: `sample-${productName}`,
    sku: null,
    productName,
    variantDescription,
    productType: 1,
    quantity,
    unitPriceCents: cents,
    unitPrice: money(cents),
    additionalFields: null,
  });
  return {
    id: 'sample-order',
    orderNumber: 1042,
    purchasedCartId: 'sample-cart',
    websiteId: site.id,
    testMode: false,
    status: 'PAID',
    email: BUYER,
    currency,
    subtotalCents: 7_400,
    taxCents: 592,
    includedTaxCents: 0,
    shippingCents: 600,
    discountCents: 740,
    grandTotalCents: 7_852,
    grandTotal: money(7_852),
    shippingTotal: money(600),
    taxTotal: money(592),
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '12 St James’s Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
    },
    shippingOptionName: 'Standard',
    createdOn: Date.now(),
    items: [line('Classic Tee', 'M / Sand', 2, 2_500), line('Canvas Tote', null, 1, 2_400)],
    giftCards: [],
    downloads: [],
  } as unknown as SerializedOrder;
}

/** Every kind of message the site sends, with sample data, built by the code that writes the real ones. */
const SAMPLES: Record<string, { label: string; build(site: PreviewSite, origin: string): Sample }> = {
  'order-receipt': {
    label: 'Order receipt',
    build(site, origin) {
      const order = sampleOrder(site);
      const downloads = [
        {
          productName: 'Lightroom Presets',
          url: `${origin}/downloads/sample?expires=0&sig=${TOKEN}`,
          expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          remaining: 3,
        },
      ];
      const mail = receiptMail(
        site,
        { ...order, downloads },
        `${origin}/commerce/orders/${order.id}?token=${TOKEN}`,
      );
      return { to: BUYER, ...mail };
    },
  },
  'order-notice': {
    label: 'New order notice',
    build(site, origin) {
      const order = sampleOrder(site);
      return {
        to: 'owner@example.com',
        ...ownerNoticeMail(site, order, `${origin}/config/commerce/orders/${order.id}`),
      };
    },
  },
  'order-shipped': {
    label: 'Order shipped',
    build(site, origin) {
      const order = sampleOrder(site);
      const status = `${origin}/commerce/orders/${order.id}?token=${TOKEN}`;
      return {
        to: BUYER,
        ...shippedMail(site, order, { number: '1Z999AA10123456784', carrier: 'UPS' }, status),
      };
    },
  },
  'order-canceled': {
    label: 'Order canceled',
    build(site, origin) {
      const order = sampleOrder(site);
      const status = `${origin}/commerce/orders/${order.id}?token=${TOKEN}`;
      return {
        to: BUYER,
        ...canceledMail(site, order, { cardCents: order.grandTotalCents, giftCardCents: 0 }, status),
      };
    },
  },
  'order-refunded': {
    label: 'Order refunded',
    build(site, origin) {
      const order = { ...sampleOrder(site), refundedCents: 2_500 };
      const status = `${origin}/commerce/orders/${order.id}?token=${TOKEN}`;
      return { to: BUYER, ...refundedMail(site, order, 2_500, status) };
    },
  },
  'gift-card': {
    label: 'Gift card',
    build(site, origin) {
      const mail = giftCardEmail({
        siteTitle: site.siteTitle,
        shopUrl: `${origin}/shop`,
        code: 'SAMPLE-GIFT-CODE',
        amount: formatMoney(5_000, site.currency as CurrencyCode),
        recipient: {
          name: 'Grace',
          email: 'grace@example.com',
          senderName: 'Ada',
          message: 'Happy birthday!',
        },
      });
      return { to: 'grace@example.com', ...mail };
    },
  },
  'membership-confirmed': {
    label: 'Membership confirmed',
    build(site, origin) {
      const mail = membershipConfirmedMail(site, {
        areaName: 'Inner Circle',
        planName: 'Monthly',
        priceText: `${formatMoney(900, site.currency as CurrencyCode)} every month`,
        trialDays: 0,
        enterUrl: `${origin}/members/inner-circle/welcome`,
      });
      return { to: BUYER, ...mail };
    },
  },
  restock: {
    label: 'Back in stock',
    build(site, origin) {
      const mail = restockEmail({
        siteTitle: site.siteTitle,
        productTitle: 'Stoneware Mug',
        attributes: { Colour: 'White' },
        url: `${origin}/shop/p/stoneware-mug`,
      });
      return { to: BUYER, ...mail };
    },
  },
  'form-submission': {
    label: 'Form submission',
    build(_site, origin) {
      const fields = [
        { id: 'name', type: 'text', title: 'Name' },
        { id: 'email', type: 'email', title: 'Email' },
        { id: 'message', type: 'textarea', title: 'Message' },
      ];
      const answers = { name: 'Ada Lovelace', email: BUYER, message: 'Do you ship to Canada?' };
      const text = submissionText(fields as never, answers, { pagePath: '/contact' }, origin);
      return { to: 'owner@example.com', subject: 'New submission: Contact', text };
    },
  },
  'contributor-invitation': {
    label: 'Invitation',
    build(site, origin) {
      const link = `${origin}/config/accept-invitation?token=${TOKEN}`;
      return {
        to: 'grace@example.com',
        ...invitationMail({ siteName: site.siteTitle, role: 'Editor', link }),
      };
    },
  },
  'password-reset': {
    label: 'Password reset',
    build(site, origin) {
      // The link as the reset mail writes it, on the address the preview shows.
      const mail = resetMail({ ...site, baseUrl: origin }, { email: BUYER, role: 'SITE_USER' }, TOKEN);
      return { to: BUYER, subject: mail.subject, text: mail.text };
    },
  },
  'smtp-test': {
    label: 'Test message',
    build(site) {
      return { to: 'owner@example.com', ...testMail(site.siteTitle) };
    },
  },
};

export const PREVIEW_KINDS = Object.entries(SAMPLES).map(([kind, { label }]) => ({ kind, label }));

/**
 * One kind of message with sample data, as the site would send it now: its sender, the HTML
 * part in the site's current look and public address, and the text part. Null for an unknown kind.
 */
export async function mailPreview(db: Database, site: PreviewSite, kind: string) {
  const sample = Object.hasOwn(SAMPLES, kind) ? SAMPLES[kind] : undefined;
  if (!sample) return null;
  // The look reads the site's row as stored now: its address is the one links get.
  const look = await mailLookOf(db, site.id);
  const mail = sample.build(site, look?.origin ?? siteBaseUrl(site));
  const sender = senderOf(site, await mailSettingsRow(db, site.id));
  const subject = mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return {
    kind,
    label: sample.label,
    from: `"${sender.name}" <${sender.address}>`,
    to: mail.to,
    subject,
    html: look ? renderMailHtml(look, { subject, text: mail.text }) : '',
    text: mail.text,
  };
}
