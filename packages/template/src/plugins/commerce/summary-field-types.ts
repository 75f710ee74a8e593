import type { RenderContext } from '../../plugin-api';
import { isObject, isTruthy, outputText } from '../../values';
import { getPath } from './scope';

/** Renders the answer of one form field type; `values` resolves like `{values.X}` in a template. */
type FieldRenderer = (field: unknown, ctx: RenderContext) => string;

const LIKERT_KEYS: ReadonlyArray<[string, string, string]> = [
  ['-2', 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  ['-1', 'productAnswerMapDisagree', 'Disagree'],
  ['0', 'productAnswerMapNeutral', 'Neutral'],
  ['1', 'productAnswerMapAgree', 'Agree'],
  ['2', 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

/** Likert answers (-2..2) to their (localized) labels; unknown answers read as neutral. */
function likertAnswers(values: unknown, strings: unknown): { question: string; answer: string }[] {
  const labels = new Map<string, string>();
  for (const [code, key, fallback] of LIKERT_KEYS) {
    const text = getPath(strings, [key]);
    labels.set(code, typeof text === 'string' ? text : fallback);
  }
  if (!isObject(values)) return [];
  return Object.entries(values).map(([question, code]) => ({
    question,
    answer: labels.get(outputText(code)) || (labels.get('0') as string),
  }));
}

/**
 * `{values.KEY}` of a field. The platform renders these fragments in a private scope, so
 * nothing outside the field is visible.
 */
function parts(field: unknown) {
  const get = (key: string) => getPath(field, ['values', key]);
  const text = (key: string) => outputText(get(key));
  return { get, text };
}

export const FIELD_RENDERERS: Readonly<Record<string, FieldRenderer>> = {
  address(field) {
    const { get, text } = parts(field);
    return (
      `<div style="padding-left:5px;">\n  <div>${text('Line1')}</div>` +
      (isTruthy(get('Line2')) ? `\n  <div>${text('Line2')}</div>` : '') +
      `\n  <div>${text('City')}, ${text('State')} ${text('Zip')} ${text('Country')}</div>\n</div>`
    );
  },
  checkbox(field) {
    const values = getPath(field, ['values']);
    if (isTruthy(values)) return `${Array.isArray(values) ? values.map(outputText).join(', ') : ''}\n`;
    const value = getPath(field, ['value']);
    return isTruthy(value) ? outputText(value) : '';
  },
  date(field) {
    const { text } = parts(field);
    return `${text('Month')}/${text('Day')}/${text('Year')}`;
  },
  likert(field, ctx) {
    const answers = likertAnswers(getPath(field, ['values']), ctx.resolve('localizedStrings'));
    const rows = answers.map(
      (a) => `\n  <div><span style="font-weight:bold;">${a.question}:</span> ${a.answer}</div>`,
    );
    return `<div style="padding-left:5px;">${rows.join('')}\n</div>`;
  },
  name(field) {
    const { text } = parts(field);
    return `${text('First')} ${text('Last')}`;
  },
  phone(field) {
    const { get, text } = parts(field);
    const country = isTruthy(get('Country')) ? `+${text('Country')} ` : '';
    return `${country}${text('Areacode')}-${text('Prefix')}-${text('Line')}`;
  },
  time(field) {
    const { get, text } = parts(field);
    const or00 = (key: string) => (isTruthy(get(key)) ? text(key) : '00');
    return `${or00('Hour')}:${or00('Minute')}:${or00('Second')} ${text('Ampm')}`;
  },
};
