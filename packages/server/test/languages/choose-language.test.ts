import { describe, expect, it } from 'vitest';
import { choosePageLanguage } from '../../src/services/languages/page-language';
import { matchLanguage } from '../../src/services/languages/site-languages';

const site = [
  { language: 'en-US', isDefault: true, enabled: true, displayIndex: 0 },
  { language: 'fr-FR', isDefault: false, enabled: true, displayIndex: 1 },
  { language: 'pt-BR', isDefault: false, enabled: false, displayIndex: 2 },
];

describe('which language a visitor gets', () => {
  it.each([
    ['fr-FR', 'fr-FR'],
    ['FR-fr', 'fr-FR'],
    ['fr', 'fr-FR'],
    ['fr_CA', 'fr-FR'],
    ['en', 'en-US'],
    ['pt-BR', null], // offered but turned off
    ['de-DE', null],
    ['', null],
    [undefined, null],
    ['x'.repeat(40), null],
  ])('%j → %j', (requested, expected) => {
    expect(matchLanguage(site, requested)).toBe(expected);
  });

  it.each([
    [{ query: 'fr', cookie: 'en-US' }, 'fr-FR', true],
    [{ query: 'de', cookie: 'fr-FR' }, 'fr-FR', false],
    [{ cookie: 'fr-FR' }, 'fr-FR', false],
    [{ cookie: '<script>' }, 'en-US', false],
    [{}, 'en-US', false],
  ])('%j → %s (from the query: %s)', (requested, language, fromQuery) => {
    const choice = choosePageLanguage(site, 'en-US', requested);
    expect(choice).toMatchObject({ language, defaultLanguage: 'en-US', fromQuery });
    expect(choice.enabled.map((l) => l.language)).toEqual(['en-US', 'fr-FR']);
  });
});
