import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The render specs of the shared conformance corpus, read at run time through the harness's
 * own loader (../shared beside the repository); empty when the corpus is absent.
 */
const harness = resolve(__dirname, '../../../../shared/conformance/run.mjs');

export interface ConformanceCase {
  call: string;
  input: {
    file: string;
    template: string;
    json: unknown;
    partials?: Record<string, string>;
    inject?: Record<string, string>;
    locale: string | null;
    now?: number;
  };
}

export async function conformanceRenderCases(): Promise<ConformanceCase[]> {
  if (!existsSync(harness)) return [];
  const mod = (await import(pathToFileURL(harness).href)) as {
    discover(roots: string[]): { specs: unknown[] };
    buildCase(spec: unknown): ConformanceCase;
  };
  const { specs } = mod.discover([resolve(harness, '../specs')]);
  const cases: ConformanceCase[] = [];
  for (const spec of specs) {
    try {
      const c = mod.buildCase(spec);
      if (c.call === 'render') cases.push(c);
    } catch {
      // A spec the harness itself rejects is not ours to check.
    }
  }
  return cases;
}
