import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from './start-server';

const AXE_SOURCE = fs.readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** One axe-core finding we fail on: its rule, how bad, what it says, and the elements. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** A rule not applied to some elements, with why: every exclusion says its reason where it is made. */
export interface AxeExclusion {
  rule: string;
  /** A CSS selector: the rule's findings on elements matching it are not counted. */
  selector: string;
  reason: string;
}

/**
 * Run axe-core (WCAG 2.0/2.1 A and AA and best practices) on the page as it is now and
 * answer the serious and critical violations.
 *
 * The source goes in through the DevTools protocol (`evaluate` of a string), not a
 * `<script>` tag: the studio's CSP allows only its own scripts and requires Trusted Types,
 * and a test must not weaken the product's CSP to look at it.
 */
export async function seriousViolations(
  target: Page | Frame,
  exclusions: readonly AxeExclusion[] = [],
): Promise<AxeFinding[]> {
  const loaded = await target.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await target.evaluate(`${AXE_SOURCE}\n;undefined`);
  const results = (await target.evaluate(
    async (excluded) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<unknown> } })
        .axe;
      const found = (await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
        // The site in the studio's frame is checked on its own (as visitors get it).
        iframes: false,
      })) as { violations: { id: string; nodes: { target: string[]; excluded?: boolean }[] }[] };
      for (const violation of found.violations) {
        for (const node of violation.nodes) {
          const element = document.querySelector(node.target[0] ?? ':not(*)');
          node.excluded = excluded.some((x) => x.rule === violation.id && !!element?.matches(x.selector));
        }
      }
      return found;
    },
    exclusions.map(({ rule, selector }) => ({ rule, selector })),
  )) as {
    violations: {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; excluded?: boolean }[];
    }[];
  };
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.filter((n) => !n.excluded).map((n) => n.target.map(String).join(' >> ')),
    }))
    .filter((v) => v.targets.length > 0);
}

/** "rule (impact): help — target, target" lines for a failure message. */
export function describeFindings(where: string, findings: AxeFinding[]): string {
  return findings
    .map((f) => `${where}: ${f.id} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}`)
    .join('\n');
}
