import type { TemplatePlugin } from '../plugin-api';
import { commercePlugin } from './commerce/index';
import { contentPlugin } from './content/index';
import { corePlugin } from './core/index';
import { datePlugin } from './date/index';
import { i18nPlugin } from './i18n/index';
import { slidePlugin } from './slide/index';
import { socialPlugin } from './social/index';

/** Every built-in plugin, registered through the public plugin API in this order. */
export const builtinPlugins: readonly TemplatePlugin[] = [
  corePlugin,
  contentPlugin,
  commercePlugin,
  datePlugin,
  i18nPlugin,
  socialPlugin,
  slidePlugin,
];
