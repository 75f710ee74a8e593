import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take minutes where most take seconds (measured on the 2-core CI machine). Started
 * first, each runs beside the many short files on the other worker; started last (a fresh
 * clone has no timings cached, and vitest then orders by file size), one of them alone would
 * keep the run going for minutes after everything else had finished.
 */
const LONGEST_FIRST = [
  'packages/server/test/hostile-input.test.ts',
  'packages/server/test/checkout/crash-points.test.ts',
  'packages/server/test/subscriptions/renewals-once.test.ts',
  'packages/server/test/sites/create-site-cli.test.ts',
  'e2e/a11y.test.ts',
  'e2e/stored-xss.test.ts',
  'e2e/campaigns.test.ts',
  'e2e/storefront-flow.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const at = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return at === -1 ? LONGEST_FIRST.length : at;
};

/** Vitest's own order (projects together, cached timings, file size), the longest files first. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = new Map<string, number>();
    for (const spec of sorted)
      if (!project.has(spec.project.name)) project.set(spec.project.name, project.size);
    // Stable: within a project the listed files lead, the rest keep vitest's order.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          (project.get(a.spec.project.name) ?? 0) - (project.get(b.spec.project.name) ?? 0) ||
          rank(a.spec) - rank(b.spec) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
