import type { Formatter, Predicate, TemplatePlugin } from './plugin-api';

/** Formatters and predicates by name, filled only from TemplatePlugins (later ones win). */
export class Registry {
  readonly formatters = new Map<string, Formatter>();
  readonly predicates = new Map<string, Predicate>();

  constructor(plugins: readonly TemplatePlugin[]) {
    for (const plugin of plugins) {
      for (const [name, fn] of Object.entries(plugin.formatters ?? {})) this.formatters.set(name, fn);
      for (const [name, fn] of Object.entries(plugin.predicates ?? {})) this.predicates.set(name, fn);
    }
  }

  hasFormatter(name: string): boolean {
    return this.formatters.has(name);
  }

  hasPredicate(name: string): boolean {
    return this.predicates.has(name);
  }
}
