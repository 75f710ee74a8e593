import { describe, expect, it } from 'vitest';
import { defaultSiteStyles, isDarkColor, parseColor, siteStylesCss, siteStylesSchema } from './site-styles';

describe('parseColor (spec §5)', () => {
  it.each([
    ['#abc', [170, 187, 204, 1]],
    ['2f5d50', [47, 93, 80, 1]],
    ['rgb(300, -5, 10)', [255, 0, 10, 1]],
    ['rgba(0, 0, 0, 2)', [0, 0, 0, 1]],
    ['hsl(120, 100%, 25%)', [0, 128, 0, 1]],
    ['hsla(400, 100%, 50%, 0.5)', [255, 0, 0, 0.5]],
    ['hwb(0 0% 0%)', [255, 0, 0, 1]],
    ['Navy', [0, 0, 128, 1]],
    ['transparent', [0, 0, 0, 0]],
  ])('%s → %j', (input, rgba) => {
    expect(parseColor(input)).toEqual(rgba);
  });

  it.each(['#abcd', 'rgb(1,2)', 'notacolour', 'hsl(a, b, c)'])('refuses %s', (input) => {
    expect(parseColor(input)).toBeNull();
  });

  it('uses the 0.65 luminance test for text on colours', () => {
    expect(isDarkColor(parseColor('#2f5d50')!)).toBe(true);
    expect(isDarkColor(parseColor('#ffd700')!)).toBe(false);
  });
});

describe('site styles', () => {
  it('fills defaults and refuses a bad colour with the reason', () => {
    expect(siteStylesSchema.parse({})).toEqual(defaultSiteStyles);
    const bad = siteStylesSchema.safeParse({ accentColor: 'nope' });
    expect(bad.success).toBe(false);
  });

  it('writes font faces for shipped fonts only and white button text on a dark accent', () => {
    const css = siteStylesCss({ ...defaultSiteStyles, headingFont: 'lora', accentColor: 'navy' });
    expect(css).toContain('url(/assets/fonts/lora/lora-latin-700-normal.woff2)');
    expect(css).toContain('--accent:rgb(0, 0, 128);--accent-ink:#fff');
    expect(css).not.toContain('googleapis');
  });

  it('sets the button shape and outline text once, as variables every button reads', () => {
    const square = siteStylesCss({ ...defaultSiteStyles, buttonShape: 'square', accentColor: '#ffd700' });
    expect(square).toContain('--button-radius:0;');
    // A light accent is not legible as text on the page: outlined buttons use the text colour.
    expect(square).toContain('--accent-text:rgb(29, 29, 31);');
    // No rule that outranks an outlined button's colours (white text on its white fill).
    expect(square).not.toMatch(/\.button\{color/);
    const pill = siteStylesCss({ ...defaultSiteStyles, accentColor: 'navy' });
    expect(pill).toContain('--accent-text:rgb(0, 0, 128);--button-radius:999px;');
  });
});
