import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookie, shouldLoadCart } from './cookies';

afterEach(() => vi.unstubAllGlobals());

describe('cart loading rule (spec §4)', () => {
  it.each([
    ['', false],
    ['crumb=abc', false],
    ['hasCart=true', true],
    ['hasCart=false', false],
    ['CART=tok123', true],
    [`SiteUserInfo=${encodeURIComponent('{"authenticated":true,"siteUserId":"u1"}')}`, true],
    [`SiteUserInfo=${encodeURIComponent('{"authenticated":false}')}`, false],
  ])('cookies %j → load the cart: %s', (jar, expected) => {
    vi.stubGlobal('document', { cookie: jar });
    expect(shouldLoadCart()).toBe(expected);
  });

  it('reads one cookie among several', () => {
    vi.stubGlobal('document', { cookie: 'a=1; crumb=x%3Dy; b=2' });
    expect(cookie('crumb')).toBe('x=y');
    expect(cookie('missing')).toBeUndefined();
  });
});
