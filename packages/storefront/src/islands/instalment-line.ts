import {
  DEFAULT_INSTALMENTS,
  INSTALMENT_ERRORS,
  type InstalmentEligibility,
  formatMoney,
  instalmentText,
  minorToDecimal,
} from '@store/commerce';
import type { PageData } from '../page-data';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * An amount as the page writes its prices: in the page's language ("28,00 $US" on a French
 * page, "$28.00" on an English one), as the theme's price formatters do.
 */
export function pageMoney(page: PageData, minor: number): string {
  const currency = page.currency;
  try {
    return new Intl.NumberFormat(page.website?.language || 'en-US', { style: 'currency', currency }).format(
      minorToDecimal(minor, currency) as unknown as number,
    );
  } catch {
    return formatMoney(minor, currency);
  }
}

/**
 * "or 4 interest-free payments of $12.50 with Afterpay" in the page's language: the site's
 * translation of the line (`strings.instalmentsLine`) when it has one, else the default.
 */
export function instalmentLine(page: PageData, amount: string, provider: string): string {
  const template = page.strings?.instalmentsLine;
  if (!template) return `${instalmentText(amount, { oneLine: true })} ${provider}`;
  return fill(template, { count: String(DEFAULT_INSTALMENTS), amount, provider });
}

/**
 * What the pill says: the line for an eligible amount, else for which orders the provider is
 * available ("Afterpay available for orders over $35.00"), amounts and words in the page's
 * language.
 */
export function instalmentMessage(
  page: PageData,
  eligibility: InstalmentEligibility,
  amounts: { part: number; min: number; max: number },
  provider: string,
): string {
  if (eligibility.eligible) return instalmentLine(page, pageMoney(page, amounts.part), provider);
  const limit =
    eligibility.code === 'INSTALMENTS_BELOW_MIN'
      ? {
          template: page.strings?.instalmentsOver || INSTALMENT_ERRORS.INSTALMENTS_BELOW_MIN,
          minor: amounts.min,
        }
      : eligibility.code === 'INSTALMENTS_ABOVE_MAX'
        ? {
            template: page.strings?.instalmentsUpTo || INSTALMENT_ERRORS.INSTALMENTS_ABOVE_MAX,
            minor: amounts.max,
          }
        : null;
  const message = limit
    ? fill(limit.template, { amount: pageMoney(page, limit.minor) })
    : eligibility.message;
  return `${provider} ${message}`;
}

/** The info button's name ("About Afterpay instalments"), translated the same way. */
export function instalmentAbout(page: PageData, provider: string): string {
  const template = page.strings?.instalmentsAbout;
  return template ? fill(template, { provider }) : `About ${provider} instalments`;
}
