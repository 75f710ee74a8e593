import { describe, expect, it } from 'vitest';
import type { PageData } from '../page-data';
import { instalmentAbout, instalmentLine } from './instalment-line';

const page = (strings?: Record<string, string>) => ({ strings }) as unknown as PageData;

describe('the instalment line in the page language', () => {
  it('is the default English line without a translation', () => {
    expect(instalmentLine(page(), '$12.50', 'Afterpay')).toBe(
      'or 4 interest-free payments of $12.50 with Afterpay',
    );
    expect(instalmentAbout(page({}), 'Clearpay')).toBe('About Clearpay instalments');
  });

  it('fills the site’s translation with the count, amount and provider', () => {
    const fr = page({
      instalmentsLine: 'ou {count} paiements sans frais de {amount} avec {provider}',
      instalmentsAbout: 'À propos de {provider}',
    });
    expect(instalmentLine(fr, '12,50 $', 'Afterpay')).toBe(
      'ou 4 paiements sans frais de 12,50 $ avec Afterpay',
    );
    expect(instalmentAbout(fr, 'Afterpay')).toBe('À propos de Afterpay');
  });
});
