import { DEFAULT_INSTALMENTS, instalmentText } from '@store/commerce';
import type { PageData } from '../page-data';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * "or 4 interest-free payments of $12.50 with Afterpay" in the page's language: the site's
 * translation of the line (`strings.instalmentsLine`) when it has one, else the default.
 */
export function instalmentLine(page: PageData, amount: string, provider: string): string {
  const template = page.strings?.instalmentsLine;
  if (!template) return `${instalmentText(amount, { oneLine: true })} ${provider}`;
  return fill(template, { count: String(DEFAULT_INSTALMENTS), amount, provider });
}

/** The info button's name ("About Afterpay instalments"), translated the same way. */
export function instalmentAbout(page: PageData, provider: string): string {
  const template = page.strings?.instalmentsAbout;
  return template ? fill(template, { provider }) : `About ${provider} instalments`;
}
