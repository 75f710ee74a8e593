import { describe, expect, it } from 'vitest';
import type { PageData } from '../page-data';
import { instalmentAbout, instalmentLine, instalmentMessage, pageMoney } from './instalment-line';

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

  it('writes amounts as the page writes prices, and says for which orders in the page language', () => {
    const fr = {
      currency: 'USD',
      website: { id: 'w', language: 'fr-FR' },
      strings: { instalmentsOver: 'disponible pour les commandes de plus de {amount}' },
    } as unknown as PageData;
    const below = { eligible: false, code: 'INSTALMENTS_BELOW_MIN', message: 'x' } as const;
    const amounts = { part: 700, min: 3500, max: 200000 };
    expect(instalmentMessage(fr, below, amounts, 'Afterpay')).toBe(
      `Afterpay disponible pour les commandes de plus de 35,00\u00a0$US`,
    );
    expect(pageMoney(fr, 2800)).toBe('28,00\u00a0$US');
    const en = { currency: 'USD', website: { id: 'w', language: 'en-US' } } as unknown as PageData;
    expect(instalmentMessage(en, below, amounts, 'Afterpay')).toBe(
      'Afterpay available for orders over $35.00',
    );
    expect(instalmentMessage(en, { eligible: true }, amounts, 'Afterpay')).toBe(
      'or 4 interest-free payments of $7.00 with Afterpay',
    );
  });
});
