import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES, parseDonationAmount } from './donation-amount';

const usd = {
  currency: 'USD',
  suggestedAmounts: [1000, 2500],
  allowCustom: true,
  minMinor: 500,
  maxMinor: 50000,
};

describe('parseDonationAmount', () => {
  it('takes an amount in major units as minor units', () => {
    expect(parseDonationAmount('25', usd)).toEqual({ ok: true, minor: 2500 });
    expect(parseDonationAmount(' 42.5 ', usd)).toEqual({ ok: true, minor: 4250 });
    expect(parseDonationAmount(12, usd)).toEqual({ ok: true, minor: 1200 });
  });

  it('names what is wrong', () => {
    expect(parseDonationAmount('', usd)).toMatchObject({
      code: 'AMOUNT_MISSING',
      message: DONATION_MESSAGES.amountMissing,
    });
    expect(parseDonationAmount('abc', usd)).toMatchObject({ code: 'AMOUNT_NOT_A_NUMBER' });
    expect(parseDonationAmount('1e3', usd)).toMatchObject({ code: 'AMOUNT_NOT_A_NUMBER' });
    expect(parseDonationAmount('0', usd)).toMatchObject({ code: 'AMOUNT_NOT_POSITIVE' });
    expect(parseDonationAmount('-3', usd)).toMatchObject({ code: 'AMOUNT_NOT_POSITIVE' });
    expect(parseDonationAmount('4.99', usd)).toMatchObject({
      code: 'AMOUNT_BELOW_MIN',
      message: 'The smallest donation here is $5.00.',
    });
    expect(parseDonationAmount('500.01', usd)).toMatchObject({
      code: 'AMOUNT_ABOVE_MAX',
      message: 'The largest donation here is $500.00.',
    });
    expect(parseDonationAmount('1.005', usd)).toMatchObject({ code: 'AMOUNT_TOO_PRECISE' });
    expect(parseDonationAmount(null, usd)).toMatchObject({ code: 'AMOUNT_MISSING' });
  });

  it('JPY amounts are whole', () => {
    const jpy = { ...usd, currency: 'JPY', suggestedAmounts: [], minMinor: 500, maxMinor: 100000 };
    expect(parseDonationAmount('1500', jpy)).toEqual({ ok: true, minor: 1500 });
    expect(parseDonationAmount('1500.5', jpy)).toMatchObject({
      code: 'AMOUNT_TOO_PRECISE',
      message: 'Amounts in JPY are whole numbers, without decimals.',
    });
  });

  it('without custom amounts only the suggested ones are taken', () => {
    const fixed = { ...usd, allowCustom: false };
    expect(parseDonationAmount('25', fixed)).toEqual({ ok: true, minor: 2500 });
    expect(parseDonationAmount('26', fixed)).toMatchObject({ code: 'CUSTOM_NOT_ALLOWED' });
  });
});
