import { describe, expect, it } from 'vitest';
import { LINK_HINT, describeLink, linkSummary, parseLinkInput } from './link-value';

const pages = [
  { id: 'home', title: 'Home', fullUrl: '/' },
  { id: 'about', title: 'About', fullUrl: '/about' },
  { id: 'shop', title: 'Shop', fullUrl: '/shop' },
];
const products = [{ id: 'tee', title: 'Classic Tee', fullUrl: '/shop/p/classic-tee' }];

describe('describeLink', () => {
  it('names a page or a product by its address, with or without a trailing slash', () => {
    expect(describeLink('/about', pages, products)).toMatchObject({ kind: 'page', choice: { id: 'about' } });
    expect(describeLink('/about/', pages, products)).toMatchObject({ kind: 'page', choice: { id: 'about' } });
    expect(describeLink('/', pages, products)).toMatchObject({ kind: 'page', choice: { id: 'home' } });
    expect(describeLink('/shop/p/classic-tee', pages, products)).toMatchObject({
      kind: 'product',
      choice: { title: 'Classic Tee' },
    });
  });

  it('keeps anything else as the typed address', () => {
    expect(describeLink('', pages, products)).toEqual({ kind: 'none' });
    expect(describeLink('  ', pages, products)).toEqual({ kind: 'none' });
    expect(describeLink('/about#team', pages, products)).toEqual({ kind: 'url', href: '/about#team' });
    expect(describeLink('/nowhere', pages, products)).toEqual({ kind: 'url', href: '/nowhere' });
    expect(describeLink('https://example.com/about', pages, products)).toEqual({
      kind: 'url',
      href: 'https://example.com/about',
    });
  });

  it('sums a link up for its field', () => {
    expect(linkSummary(describeLink('/about', pages, products))).toBe('Page: About');
    expect(linkSummary(describeLink('/shop/p/classic-tee', pages, products))).toBe('Product: Classic Tee');
    expect(linkSummary(describeLink('mailto:a@b.co', pages, products))).toBe('mailto:a@b.co');
    expect(linkSummary({ kind: 'none' })).toBe('No link');
  });
});

describe('parseLinkInput', () => {
  it.each([
    ['https://example.com/x?y=1#z', 'https://example.com/x?y=1#z'],
    ['  /about  ', '/about'],
    ['#contact', '#contact'],
    ['example.com', 'https://example.com'],
    ['www.example.co.uk/shop', 'https://www.example.co.uk/shop'],
    ['hello@example.com', 'mailto:hello@example.com'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
    ['+1 (555) 123-4567', 'tel:+15551234567'],
  ])('%j is stored as %j', (typed, href) => {
    expect(parseLinkInput(typed)).toEqual({ ok: true, href });
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['https://shop.example@evil.example/'],
    ['ftp://example.com'],
    ['just some words'],
  ])('refuses %j with the hint', (typed) => {
    expect(parseLinkInput(typed)).toEqual({ ok: false, message: LINK_HINT });
  });

  it('asks for a link when there is none, and refuses one over the limit', () => {
    expect(parseLinkInput('   ')).toEqual({ ok: false, message: 'Enter a link.' });
    expect(parseLinkInput(`https://example.com/${'a'.repeat(2100)}`)).toEqual({
      ok: false,
      message: 'That link is too long.',
    });
  });
});
