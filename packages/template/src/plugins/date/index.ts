import type { TemplatePlugin } from '../../plugin-api';
import { dateFormatter } from './date-formatter';

/** The built-in "date" formatters and predicates. */
export const datePlugin: TemplatePlugin = {
  name: 'date',
  formatters: { date: dateFormatter },
  predicates: {},
};
