import type { GiftRecipient } from '../../db/schema/index';

/**
 * The mail that delivers a gift card (plain text: nothing the buyer typed can run in it):
 * to the recipient with the sender's name and message, else to the buyer.
 */
export function giftCardEmail(input: {
  siteTitle: string;
  shopUrl: string;
  code: string;
  amount: string;
  recipient: GiftRecipient | null;
}): { subject: string; text: string; secrets: string[] } {
  const { recipient, siteTitle } = input;
  const sender = recipient?.senderName || 'Someone';
  const opening = recipient
    ? [
        `Hello${recipient.name ? ` ${recipient.name}` : ''},`,
        '',
        `${sender} sent you a ${input.amount} gift card for ${siteTitle}.`,
        ...(recipient.message ? ['', `Message from ${sender}:`, ...quote(recipient.message)] : []),
      ]
    : ['Thank you for your order.', '', `Here is your ${input.amount} gift card for ${siteTitle}.`];
  return {
    subject: recipient
      ? `${sender} sent you a ${input.amount} gift card for ${siteTitle}`
      : `Your ${input.amount} gift card for ${siteTitle}`,
    text: [
      ...opening,
      '',
      `Gift card code: ${input.code}`,
      `Amount: ${input.amount}`,
      '',
      `To spend it, add what you like to your cart at ${input.shopUrl}, then enter the code in the`,
      '"Gift card" field of the cart or the checkout. It pays for what it can; what is left stays',
      'on the card for your next order. A gift card cannot be used to buy another gift card.',
    ].join('\n'),
    // The code is the card: the outbox hides it from everyone but the owner and admins.
    secrets: [input.code],
  };
}

function quote(message: string): string[] {
  return message.split(/\r?\n/).map((line) => `  ${line}`);
}
