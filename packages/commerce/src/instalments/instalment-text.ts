import { DEFAULT_INSTALMENTS } from '../constants';

/**
 * Instalment wording (spec §9). `oneLine` gives the inline form that precedes the provider logo.
 *
 * @example
 * instalmentText('$25.00');                      // "4 interest-free payments of $25.00"
 * instalmentText('$25.00', { oneLine: true });   // "or 4 interest-free payments of $25.00 with"
 */
export function instalmentText(
  amount: string,
  options: { numInstallments?: number; oneLine?: boolean } = {},
): string {
  const text = `${options.numInstallments ?? DEFAULT_INSTALMENTS} interest-free payments of ${amount}`;
  return options.oneLine ? `or ${text} with` : text;
}
