import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookie, readCookie, shouldLoadCart, signedIn, signedInOwner } from './cookies';

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

describe('readCookie', () => {
  it('keeps a value that is not valid percent-encoding as written', () => {
    expect(readCookie('a=100%; b=2', 'a')).toBe('100%');
  });
  it('ignores parts without "=" and names that only share a prefix', () => {
    expect(readCookie('junk; crumbs=1; crumb=2', 'crumb')).toBe('2');
  });
});

describe('signedIn', () => {
  it.each([
    [undefined, false],
    ['{"authenticated":true}', true],
    ['{"authenticated":false}', false],
    // A value that is not JSON (older cookie writers) is still read.
    ['{"authenticated": true, broken', true],
    ['nonsense', false],
  ])('%j → %s', (info, expected) => {
    expect(signedIn(info)).toBe(expected);
  });
});

describe('signedInOwner (the studio link)', () => {
  it.each([
    [undefined, false],
    ['{"authenticated":true,"siteUserId":"u1"}', false],
    ['{"authenticated":true,"siteUserId":"u1","role":"OWNER"}', true],
    ['{"authenticated":true,"siteUserId":"u1","role":"SITE_USER"}', false],
    // Signed out: a stale role in the value must not show the link.
    ['{"authenticated":false,"siteUserId":null,"role":"OWNER"}', false],
    // Read as tolerantly as signedIn; the link grants nothing (the studio checks the session).
    ['{"authenticated": true, "role":"OWNER", broken', true],
    ['{"authenticated":true,"role":"OWNERS"}', false],
  ])('%j → %s', (info, expected) => {
    expect(signedInOwner(info)).toBe(expected);
  });
});
