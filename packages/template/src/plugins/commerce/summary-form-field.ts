import type { Formatter } from '../../plugin-api';
import { isTruthy, toStr } from '../../values';
import { getPath } from './scope';
import { FIELD_RENDERERS } from './summary-field-types';

/** `summary-form-field`: a form answer with its bold title; N/A (or localized) when empty. */
export const summaryFormFieldFormatter: Formatter = (value, _args, ctx) => {
  const type = toStr(getPath(value, ['type']));
  const render = Object.hasOwn(FIELD_RENDERERS, type) ? FIELD_RENDERERS[type] : undefined;
  const answer = render ? render(value, ctx) : toStr(getPath(value, ['value']));
  const noAnswer = toStr(getPath(ctx.resolve('localizedStrings'), ['productSummaryFormNoAnswerText'])).trim();
  return (
    '<div style="font-size:11px; margin-top:3px">\n' +
    `  <span style="font-weight:bold;">${toStr(getPath(value, ['rawTitle']))}:</span> ` +
    (isTruthy(answer) ? answer : noAnswer || 'N/A') +
    '\n</div>'
  );
};
