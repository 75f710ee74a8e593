import { describe, expect, it } from 'vitest';
import { fieldPreviewHtml, formPreviewHtml, withFormPreviews } from './preview-forms';

const form = {
  id: 'f1',
  name: 'Contact',
  submitButtonText: 'Send <now>',
  parsedDisclaimerMessage: '<p>We <strong>never</strong> share.</p><script>x()</script>',
  fields: [
    { id: 'n', type: 'name', title: 'Name', required: true },
    { id: 'e', type: 'email', title: 'Email "address"', placeholder: 'you@example.com' },
    { id: 't', type: 'select', title: 'Topic', options: ['Orders', 'Other'] },
    { id: 'h', type: 'hidden', title: 'Source' },
    { id: 's', type: 'section', title: 'More', underline: true },
    { id: 'c', type: 'checkbox', title: 'Tick', options: ['A <b>'] },
  ],
};
const strip = (html: string) => html.replace(/<script>.*?<\/script>/g, '');

describe('forms in the page preview', () => {
  it('draws each field with the storefront classes, escaped, hidden fields left out', () => {
    const html = formPreviewHtml(form, strip);
    expect(html).toContain('<div class="form-wrapper" inert>');
    expect(html).toContain(
      '<span class="title">Name<span class="required" aria-hidden="true"> *</span></span>',
    );
    expect(html).toContain('<span class="caption">First Name</span>');
    expect(html).toContain('Email &quot;address&quot;');
    expect(html).toContain('<input type="email" placeholder="you@example.com">');
    expect(html).toContain('<option>Orders</option>');
    expect(html).toContain('<div class="form-section underline"><h3>More</h3></div>');
    expect(html).toContain('A &lt;b&gt;');
    expect(html).not.toContain('Source');
    expect(html).toContain('<div class="form-disclaimer"><p>We <strong>never</strong> share.</p></div>');
    expect(html).toContain('<button type="submit" class="button form-submit">Send &lt;now&gt;</button>');
  });

  it('phone fields show the country code part only when the form asks for it', () => {
    expect(fieldPreviewHtml({ type: 'phone', title: 'Phone' }).match(/class="part"/g)).toHaveLength(3);
    expect(
      fieldPreviewHtml({ type: 'phone', title: 'Phone', showCountryCode: true }).match(/class="part"/g),
    ).toHaveLength(4);
  });

  it('fills the form roots the form and newsletter templates write, and only those', () => {
    const root = (id: string) =>
      `<div class="form-root" data-island="form" data-form-id="${id}"><noscript><p>Please enable JavaScript to send this form.</p></noscript></div>`;
    const page = `<div>${root('f1')}</div><div>${root('gone')}</div><p>data-form-id="f1"</p>`;
    const out = withFormPreviews(page, { f1: form }, strip);
    expect(out).toContain(
      '<div class="form-root" data-island="form" data-form-id="f1"><div class="form-wrapper" inert>',
    );
    expect(out.match(/form-wrapper/g)).toHaveLength(1);
    // A form no longer there keeps the site's notice.
    expect(out).toContain(root('gone'));
    expect(out).toContain('<p>data-form-id="f1"</p>');
    expect(withFormPreviews(page, undefined, strip)).toBe(page);
  });
});
