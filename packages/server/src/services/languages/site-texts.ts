import { createHash } from 'node:crypto';
import type { TranslatableText } from './translations';

/** A translation by subject and field, undefined when there is none. */
export type Lookup = (subjectType: string, subjectId: string, field: string) => string | undefined;

/**
 * A footer link is known by where it goes (its title is what gets translated); a very long
 * address by its digest, so the key stays within a translation key's 200 characters.
 */
export const footerLinkSubjectId = (href: string) =>
  `footer-link:${href.length <= 180 ? href : createHash('sha256').update(href).digest('hex')}`;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface FooterLink {
  title: string;
  href: string;
}

/** The header's site title and tagline, the footer's text and its links' titles. */
export function siteFrameTexts(
  header: Record<string, unknown>,
  footer: Record<string, unknown>,
): TranslatableText[] {
  const out: TranslatableText[] = [];
  const add = (subjectId: string, field: string, label: string, text: string) => {
    if (text.trim()) out.push({ subjectType: 'site', subjectId, field, label, defaultText: text });
  };
  add('header', 'siteTitle', 'Header: site title', str(header.siteTitle));
  add('header', 'tagline', 'Header: tagline', str(header.tagline));
  add('footer', 'text', 'Footer: text', str(footer.text));
  const links = Array.isArray(footer.links) ? (footer.links as FooterLink[]) : [];
  const seen = new Set<string>();
  for (const link of links) {
    const id = footerLinkSubjectId(str(link.href));
    if (seen.has(id)) continue;
    seen.add(id);
    add(id, 'title', `Footer link: ${str(link.href)}`, str(link.title));
  }
  return out;
}

/** The header and footer as the page shows them in a language (copies; the rest unchanged). */
export function translateSiteFrame(
  header: Record<string, unknown>,
  footer: Record<string, unknown>,
  t: Lookup,
): { header: Record<string, unknown>; footer: Record<string, unknown> } {
  const pick = (subjectId: string, field: string, fallback: unknown) =>
    t('site', subjectId, field) || fallback;
  const links = Array.isArray(footer.links) ? (footer.links as FooterLink[]) : null;
  return {
    header: {
      ...header,
      siteTitle: pick('header', 'siteTitle', header.siteTitle),
      tagline: pick('header', 'tagline', header.tagline),
    },
    footer: {
      ...footer,
      text: pick('footer', 'text', footer.text),
      ...(links && {
        links: links.map((l) => ({ ...l, title: pick(footerLinkSubjectId(str(l.href)), 'title', l.title) })),
      }),
    },
  };
}

interface FormField {
  id: string;
  type: string;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

/** Per field: its title, help text, placeholder and each choice (or likert statement). */
const FIELD_TEXTS = ['title', 'description', 'placeholder'] as const;
/** Form-wide: the button, the message after sending, the note beside the button. */
const FORM_TEXTS = [
  ['submitButtonText', 'button label'],
  ['parsedSubmissionMessage', 'message after sending'],
  ['parsedDisclaimerMessage', 'note beside the button'],
] as const;

const fieldsOf = (definition: Record<string, unknown>) =>
  Array.isArray(definition.fields) ? (definition.fields as FormField[]) : [];

/** A form's texts visitors read. Hidden fields have none (their value is data, not words). */
export function formTexts(form: {
  id: string;
  name: string;
  definition: Record<string, unknown>;
}): TranslatableText[] {
  const out: TranslatableText[] = [];
  const add = (field: string, label: string, text: string) => {
    if (text.trim())
      out.push({
        subjectType: 'form',
        subjectId: form.id,
        field,
        label: `${form.name}: ${label}`,
        defaultText: text,
      });
  };
  for (const f of fieldsOf(form.definition)) {
    if (f.type === 'hidden') continue;
    const name = str(f.title) || f.type;
    for (const key of FIELD_TEXTS) add(`field:${f.id}:${key}`, `${name} (${key})`, str(f[key]));
    for (const [i, option] of (f.options ?? []).entries())
      add(`field:${f.id}:option:${i}`, `${name} (choice ${i + 1})`, option);
  }
  for (const [key, label] of FORM_TEXTS) add(key, label, str(form.definition[key]));
  return out;
}

/** A form (as the page context carries it: id, name and its definition) in a language. */
export function translateForm(form: Record<string, unknown>, t: Lookup): Record<string, unknown> {
  const id = str(form.id);
  if (!id) return form;
  const pick = (field: string, fallback: unknown) => t('form', id, field) || fallback;
  const out: Record<string, unknown> = {
    ...form,
    fields: fieldsOf(form).map((f) => {
      const copy: Record<string, unknown> = { ...f };
      for (const key of FIELD_TEXTS)
        if (f[key] !== undefined) copy[key] = pick(`field:${f.id}:${key}`, f[key]);
      // Answers are checked against the choices as the owner wrote them: those stay the
      // values sent, and the page shows their translations beside them.
      if (f.options) copy.optionLabels = f.options.map((o, i) => pick(`field:${f.id}:option:${i}`, o));
      return copy;
    }),
  };
  for (const [key] of FORM_TEXTS) if (form[key] !== undefined) out[key] = pick(key, form[key]);
  return out;
}
