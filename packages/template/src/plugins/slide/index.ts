import type { TemplatePlugin } from '../../plugin-api';
import { currentType } from './current-type';

/** The built-in "slide" formatters and predicates. */
export const slidePlugin: TemplatePlugin = {
  name: 'slide',
  formatters: {},
  predicates: { 'current-type?': currentType },
};
