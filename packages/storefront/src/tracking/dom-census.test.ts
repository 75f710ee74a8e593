import { describe, expect, it } from 'vitest';
import { type ElementLike, wireDomCensus } from './dom-census';

function element(attrs: Record<string, string>, text = ''): ElementLike & { click(): void } {
  let onClick = () => {};
  return {
    getAttribute: (n) => attrs[n] ?? null,
    textContent: text,
    addEventListener: (_t, l) => {
      onClick = l;
    },
    click: () => onClick(),
  };
}

describe('wireDomCensus', () => {
  it('sends form-render per form, button-render per button and button-click per click', () => {
    const forms = [element({ 'data-form-id': 'form-1' }), element({ 'data-form-id': 'bad id' })];
    const buttons = [element({ href: '/shop', id: 'cta' }, '  Shop now ')];
    const calls: [string, Record<string, unknown>][] = [];
    const n = wireDomCensus(
      { querySelectorAll: (sel) => (sel === '[data-form-id]' ? forms : buttons) },
      async (call, fields) => void calls.push([call, fields]),
    );
    expect(n).toBe(2);
    expect(calls).toEqual([
      ['form-render', { formId: 'form-1' }],
      ['button-render', { buttonText: 'Shop now', destination: '/shop', buttonId: 'cta' }],
    ]);
    buttons[0]?.click();
    expect(calls[2]).toEqual([
      'button-click',
      { buttonText: 'Shop now', destination: '/shop', buttonId: 'cta' },
    ]);
  });
});
