import { defaultSiteStyles } from '@store/blocks';
import { describe, expect, it } from 'vitest';
import { renderMailHtml } from './mail-layout';
import { mailLookFrom } from './mail-look';
import { mailTextBlocks } from './mail-text-blocks';

const ORIGIN = 'https://shop.example.com';
const look = (logo: Parameters<typeof mailLookFrom>[2] = null) =>
  mailLookFrom(
    { siteTitle: 'Juniper & Oak', origin: ORIGIN },
    { ...defaultSiteStyles, accentColor: '#b4235a' },
    logo,
  );
const render = (text: string, logo: Parameters<typeof mailLookFrom>[2] = null) =>
  renderMailHtml(look(logo), { subject: 'Subject <b>', text });

describe('a mail text read as blocks', () => {
  it.each([
    ['One line.\nAnother line.', [{ type: 'paragraph', lines: ['One line.', 'Another line.'] }]],
    [
      'Shipping to:\nAda\nLondon',
      [
        { type: 'heading', text: 'Shipping to' },
        { type: 'paragraph', lines: ['Ada', 'London'] },
      ],
    ],
    ['- one\n- two', [{ type: 'list', items: ['one', 'two'] }]],
    [
      '- Tee × 2 @ $25.00 = $50.00\n- Tote × 1 @ $24.00 = $24.00',
      [
        {
          type: 'lines-table',
          rows: [
            { label: 'Tee × 2 @ $25.00', amount: '$50.00' },
            { label: 'Tote × 1 @ $24.00', amount: '$24.00' },
          ],
        },
      ],
    ],
    [
      'Subtotal: $50.00\nTotal: $55.00',
      [
        {
          type: 'values-table',
          rows: [
            { label: 'Subtotal', value: '$50.00', strong: false },
            { label: 'Total', value: '$55.00', strong: true },
          ],
        },
      ],
    ],
    [
      'Order status: https://shop.example.com/o/1',
      [{ type: 'button', label: 'Order status', href: 'https://shop.example.com/o/1' }],
    ],
    [
      'Accept the invitation here with this e-mail address (the link works once):\nhttps://shop.example.com/a?t=1',
      [
        {
          type: 'paragraph',
          lines: ['Accept the invitation here with this e-mail address (the link works once):'],
        },
        { type: 'button', label: 'Accept the invitation', href: 'https://shop.example.com/a?t=1' },
      ],
    ],
    ['Good news: it is back.', [{ type: 'paragraph', lines: ['Good news: it is back.'] }]],
  ])('%j', (text, blocks) => {
    expect(mailTextBlocks(text)).toEqual(blocks);
  });
});

describe('the HTML part', () => {
  it('escapes every value: markup in the text or the subject stays text', () => {
    const html = render(
      'Hello <script>alert(1)</script> & "friends" \'here\'\n- <img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot; &#39;here&#39;');
    expect(html).toContain('<title>Subject &lt;b&gt;</title>');
    expect(html).toContain('Juniper &amp; Oak');
  });

  it('draws a button only for the site’s own pages; another address stays a visible plain link', () => {
    const own = render('Order status: https://shop.example.com/commerce/orders/1?token=abc');
    expect(own).toMatch(
      /<td style="border-radius:999px;background:rgb\(180, 35, 90\)"><a href="https:\/\/shop\.example\.com\/commerce\/orders\/1\?token=abc"/,
    );
    const foreign = render('Reset your password: https://shop.example.com.evil.example/reset');
    expect(foreign).not.toContain('border-radius:999px;background');
    expect(foreign).toContain('Reset your password: <a href="https://shop.example.com.evil.example/reset"');
  });

  it('links only http(s) addresses', () => {
    const html = render('Click javascript:alert(1) or data:text/html,hi\nhttps://shop.example.com/ok.');
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain('href="https://shop.example.com/ok"');
  });

  it('loads nothing but the site’s logo: relative logo addresses become absolute, others are refused', () => {
    const none = render('Hi');
    expect(none.match(/\ssrc=/g)).toBeNull();
    expect(none).toContain('>Juniper &amp; Oak</span>');
    const relative = render('Hi', { url: '/media/abc/logo.png', alt: 'Juniper & Oak logo' });
    expect([...relative.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `${ORIGIN}/media/abc/logo.png`,
    ]);
    expect(relative).toContain('alt="Juniper &amp; Oak logo"');
    const hostile = render('Hi', { url: 'javascript:alert(1)', alt: '' });
    expect(hostile).not.toContain('javascript:');
    expect(hostile.match(/\ssrc=/g)).toBeNull();
  });

  it('uses tables and inline styles only (no <style>, no classes, no external CSS)', () => {
    const html = render('Subtotal: $1.00\nTotal: $2.00\n\nOrder status: https://shop.example.com/o');
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<style|<link|class=|url\(/);
  });
});
