/**
 * Forms as the studio's page preview shows them. On the site a form block holds an empty
 * `form-root` that the storefront's form island fills in the visitor's browser; the preview
 * frame runs no scripts, so without this the owner saw only the "enable JavaScript" notice.
 * Here the same markup the island draws (field titles, parts, options, the submit button,
 * the storefront's class names so the theme's styles apply) is written into each form root,
 * inert: the preview shows the form, it does not take input.
 */

/** A form field as the block data carries it (the server's form definition). */
interface PreviewField {
  id?: unknown;
  type?: unknown;
  title?: unknown;
  description?: unknown;
  placeholder?: unknown;
  required?: unknown;
  options?: unknown;
  underline?: unknown;
  showCountryCode?: unknown;
  currencySymbol?: unknown;
}

/** The labels under each part of a multi-part field (as the storefront's form-types.ts). */
const PART_LABELS: Record<string, string[]> = {
  name: ['First Name', 'Last Name'],
  address: ['Address Line 1', 'Address Line 2', 'City', 'State', 'Zip Code', 'Country'],
  date: ['MM', 'DD', 'YYYY'],
  time: ['Hour', 'Minute', 'Second', 'AM/PM'],
  phone: ['Country', '###', '###', '####'],
};
const LIKERT = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];
const INPUT_TYPE: Record<string, string> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
};

const esc = (value: unknown) =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

function header(field: PreviewField): string {
  const required = field.required === true ? '<span class="required" aria-hidden="true"> *</span>' : '';
  const description = str(field.description)
    ? `<span class="description">${esc(field.description)}</span>`
    : '';
  return `<span class="title">${esc(field.title)}${required}</span>${description}`;
}

/** One field's markup, or '' for a hidden one. */
export function fieldPreviewHtml(field: PreviewField): string {
  const type = str(field.type) || 'text';
  if (type === 'hidden') return '';
  if (type === 'section') {
    const description = str(field.description) ? `<p class="description">${esc(field.description)}</p>` : '';
    return `<div class="form-section${field.underline === true ? ' underline' : ''}"><h3>${esc(field.title)}</h3>${description}</div>`;
  }
  const parts = PART_LABELS[type];
  if (parts) {
    const labels = type === 'phone' && field.showCountryCode !== true ? parts.slice(1) : parts;
    const inputs = labels
      .map(
        (label) => `<label class="part"><input value=""><span class="caption">${esc(label)}</span></label>`,
      )
      .join('');
    return `<fieldset class="form-item field ${esc(type)}"><legend>${header(field)}</legend><div class="parts">${inputs}</div></fieldset>`;
  }
  if (type === 'checkbox' || type === 'radio') {
    const options = list(field.options)
      .map((o) => `<label class="option"><input type="${type}" value="${esc(o)}">${esc(o)}</label>`)
      .join('');
    return `<fieldset class="form-item field ${type}"><legend>${header(field)}</legend>${options}</fieldset>`;
  }
  if (type === 'likert') {
    const questions = list(field.options)
      .map(
        (q) =>
          `<div class="question" role="radiogroup" aria-label="${esc(q)}"><span class="question-text">${esc(q)}</span>${LIKERT.map(
            (l) => `<label class="option"><input type="radio">${esc(l)}</label>`,
          ).join('')}</div>`,
      )
      .join('');
    return `<fieldset class="form-item field likert"><legend>${header(field)}</legend>${questions}</fieldset>`;
  }
  const placeholder = str(field.placeholder) ? ` placeholder="${esc(field.placeholder)}"` : '';
  let control: string;
  if (type === 'select')
    control = `<select><option value="">Select an option</option>${list(field.options)
      .map((o) => `<option>${esc(o)}</option>`)
      .join('')}</select>`;
  else if (type === 'textarea') control = `<textarea${placeholder}></textarea>`;
  else {
    const symbol =
      type === 'currency' ? `<span class="symbol">${esc(str(field.currencySymbol) || '$')}</span>` : '';
    control = `<span${type === 'currency' ? ' class="currency"' : ''}>${symbol}<input type="${INPUT_TYPE[type] ?? 'text'}"${placeholder}></span>`;
  }
  return `<div class="form-item field ${esc(type)}"><label>${header(field)}</label>${control}</div>`;
}

/** A whole form as the preview shows it (its disclaimer passed through `cleanRich`). */
export function formPreviewHtml(form: Record<string, unknown>, cleanRich: (html: string) => string): string {
  const fields = Array.isArray(form.fields) ? (form.fields as PreviewField[]) : [];
  const disclaimer = str(form.parsedDisclaimerMessage)
    ? `<div class="form-disclaimer">${cleanRich(str(form.parsedDisclaimerMessage))}</div>`
    : '';
  const submit = str(form.submitButtonText) || 'Submit';
  return `<div class="form-wrapper" inert><form class="form" novalidate><fieldset class="form-fields">${fields
    .map(fieldPreviewHtml)
    .join(
      '',
    )}</fieldset>${disclaimer}<button type="submit" class="button form-submit">${esc(submit)}</button></form></div>`;
}

/**
 * The preview's HTML with each form root (as blocks/form.html and newsletter.html write it)
 * showing its form. Contributor HTML cannot forge a root: the sanitiser drops `data-*`.
 */
export function withFormPreviews(
  html: string,
  forms: Record<string, Record<string, unknown>> | undefined,
  cleanRich: (html: string) => string,
): string {
  if (!forms) return html;
  return html.replace(
    /(<div class="form-root" data-island="form" data-form-id="([^"]*)">)<noscript>[\s\S]*?<\/noscript>(<\/div>)/g,
    (whole, open: string, id: string, close: string) => {
      const form = forms[id.replace(/&quot;/g, '"').replace(/&amp;/g, '&')];
      return form ? `${open}${formPreviewHtml(form, cleanRich)}${close}` : whole;
    },
  );
}
