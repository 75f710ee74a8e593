import { DONATION_FREQUENCY_LABELS, type DonationFrequency, formatMoney } from '@store/commerce';

export interface DonationReceipt {
  organisationName: string;
  /** The owner's tax-receipt wording (Studio → Donations), printed as written. */
  receiptNote: string;
  amountMinor: number;
  currency: string;
  frequency: DonationFrequency;
  renewal: boolean;
  orderNumber: number;
  donorEmail: string;
  paidAt: Date;
  timeZone: string;
  campaignTitle: string;
}

/** The day a donation was given, in the site's time zone ("28 November 2026"). */
export function donationDate(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}

/** The donor's receipt, plain text: amount, date, organisation, and the owner's receipt wording. */
export function donationReceiptMail(receipt: DonationReceipt): { subject: string; text: string } {
  const amount = formatMoney(receipt.amountMinor, receipt.currency);
  const how =
    receipt.frequency === 'once'
      ? 'One-time donation'
      : `${DONATION_FREQUENCY_LABELS[receipt.frequency]} donation${receipt.renewal ? ' (renewal)' : ''}`;
  const lines = [
    `Thank you for your donation to ${receipt.organisationName}.`,
    '',
    `Amount: ${amount}`,
    `Date: ${donationDate(receipt.paidAt, receipt.timeZone)}`,
    `Organisation: ${receipt.organisationName}`,
    `Type: ${how}`,
    ...(receipt.campaignTitle ? [`For: ${receipt.campaignTitle}`] : []),
    `Receipt number: ${receipt.orderNumber}`,
    `Donor: ${receipt.donorEmail}`,
  ];
  if (receipt.frequency !== 'once' && !receipt.renewal)
    lines.push(
      '',
      `Your donation renews ${receipt.frequency === 'monthly' ? 'every month' : 'every year'} until you cancel it.`,
    );
  if (receipt.receiptNote.trim()) lines.push('', receipt.receiptNote.trim());
  return { subject: 'Thank you for your donation', text: lines.join('\n') };
}
