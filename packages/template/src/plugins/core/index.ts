import type { TemplatePlugin } from '../../plugin-api';
import { coreFormatters } from './formatters';
import { corePredicates } from './predicates';

/** The built-in "core" formatters and predicates, registered like any third-party plugin. */
export const corePlugin: TemplatePlugin = {
  name: 'core',
  formatters: coreFormatters,
  predicates: corePredicates,
};
