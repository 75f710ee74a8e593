import { describe, expect, it } from 'vitest';
import {
  canceledMail,
  ownerNoticeMail,
  receiptMail,
  refundedMail,
  shippedMail,
} from '../../src/services/orders/order-mail';
import type { SerializedOrder } from '../../src/services/order.service';

const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });
const order = {
  id: 'o1',
  orderNumber: 42,
  status: 'PAID',
  email: 'ada@example.com',
  currency: 'USD',
  testMode: true,
  subtotalCents: 5600,
  taxCents: 497,
  shippingCents: 500,
  discountCents: 600,
  grandTotalCents: 5997,
  shippingOptionName: 'Standard',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address1: '1 Way',
    city: 'Hudson',
    region: 'NY',
    postalCode: '12534',
    country: 'US',
  },
  items: [
    {
      sku: 'TEE-M',
      productName: 'Classic Tee',
      variantDescription: 'Navy / M',
      quantity: 2,
      unitPriceCents: 2800,
      unitPrice: money(2800),
    },
  ],
  giftCards: [{ code: 'ABCD-EFGH', amount: money(5000) }],
} as unknown as SerializedOrder;
const site = { siteTitle: 'Juniper & Oak' };

describe('order mail', () => {
  it('the receipt lists lines, every total, the address, gift card codes and the status link', () => {
    const mail = receiptMail(
      site,
      { ...order, giftCardCents: 1000 },
      'https://shop.test/commerce/orders/o1?token=t',
    );
    expect(mail.subject).toBe('Your order #42 at Juniper & Oak');
    for (const line of [
      '- Classic Tee (Navy / M) × 2 @ $28.00 = $56.00',
      'Subtotal: $56.00',
      'Discount: -$6.00',
      'Shipping (Standard): $5.00',
      'Tax: $4.97',
      'Total: $59.97',
      'Paid by gift card: $10.00',
      'Charged to your card: $49.97',
      'Hudson NY 12534',
      '- ABCD-EFGH ($50.00)',
      'Order status: https://shop.test/commerce/orders/o1?token=t',
      'This is a test-mode order: no money was taken.',
    ])
      expect(mail.text).toContain(line);
    expect(mail.text).not.toContain('Your downloads');
  });

  it('the receipt carries download links when the order has them', () => {
    const withDownloads = {
      ...order,
      downloads: [
        {
          productName: 'Presets',
          url: 'https://shop.test/d/x',
          expiresAt: '2030-01-02T00:00:00Z',
          remaining: 5,
        },
      ],
    };
    expect(receiptMail(site, withDownloads, 'u').text).toContain(
      '- Presets: https://shop.test/d/x (5 downloads left, link valid until 2030-01-02)',
    );
  });

  it('leaves out lines that do not apply (no discount, no gift card, no shipping for digital goods)', () => {
    const digital = { ...order, discountCents: 0, shippingCents: 0, shippingAddress: null, giftCards: [] };
    const text = receiptMail(site, digital, 'u').text;
    expect(text).not.toMatch(/Discount|Shipping|gift card|Gift cards/);
  });

  it('the owner notice, shipping, cancel and refund mails say what happened', () => {
    expect(ownerNoticeMail(site, order, 'https://s/config').subject).toBe(
      'New order #42: $59.97 (test mode)',
    );
    expect(shippedMail(site, order, { number: '1Z9', carrier: null }, 'u').text).toContain(
      'Tracking number: 1Z9\n',
    );
    expect(canceledMail(site, order, { cardCents: 0, giftCardCents: 0 }, 'u').text).toContain(
      'You were not charged.',
    );
    const refund = refundedMail(site, { ...order, refundedCents: 1000 }, 1000, 'u');
    expect(refund.subject).toBe('Partial refund for order #42');
    expect(refund.text).toContain('Refunded so far: $10.00 of $59.97 charged.');
  });
});
