import { abVariantIndex } from '@store/api';
import type { Database } from '../db/client';
import { type RunningTest, type StoredSection, runningTests } from '../services/ab-tests/ab-visitors';

type StoredLayout = { sections: StoredSection[] };
import type { PageContext } from './page-context';

/**
 * A/B tests on the published page (docs/ab-tests.md). The HTML is the same for every
 * visitor (pages are cached and shared): each tested section is rendered once per variant,
 * and CSS shows variant A until the split script in the head, run before the body is parsed,
 * marks which one this visitor sees (so there is no flash of the wrong one; without
 * JavaScript everyone sees A).
 */

export const AB_SCRIPT_PATH = '/assets/ab-split.js';

/** What the head needs of a test on the page: its id, the variants' letters, weights and section ids. */
export interface PageAbTest {
  id: string;
  letters: string[];
  weights: number[];
  sections: string[];
}

/** Replace each tested section by its variants, in letter order; the tests for the head. */
export function expandLayout(
  layout: StoredLayout,
  tests: RunningTest[],
): { layout: StoredLayout; tests: PageAbTest[] } {
  const onPage: PageAbTest[] = [];
  const sections = layout.sections.flatMap((section) => {
    const test = tests.find((t) => t.sectionId === section.id && t.variants.length > 1);
    if (!test) return [section];
    const variants = test.variants.map((v) => (v.letter === 'a' ? section : v.section));
    onPage.push({
      id: test.id,
      letters: test.variants.map((v) => v.letter),
      weights: test.variants.map((v) => v.weight),
      sections: variants.map((v) => v.id),
    });
    return variants;
  });
  return { layout: { ...layout, sections }, tests: onPage };
}

/** The published layout with the page's running tests' variants in it (unchanged without tests). */
export async function withAbVariants(
  db: Database,
  websiteId: string,
  collectionId: string,
  layout: StoredLayout,
  context: PageContext,
): Promise<StoredLayout> {
  const tests = await runningTests(db, websiteId, { collectionId });
  if (!tests.length) return layout;
  const expanded = expandLayout(layout, tests);
  if (expanded.tests.length) context.abTests = expanded.tests;
  return expanded.layout;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cssString = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '');

/**
 * The CSS that shows one variant per test: before the script decides (and without JavaScript)
 * only A shows; the script sets `data-ab="<test> <test>:<letter> …"` on <html>.
 */
export function abCss(tests: PageAbTest[]): string {
  const rules: string[] = [];
  for (const test of tests) {
    const t = cssString(test.id);
    test.letters.forEach((letter, i) => {
      const section = `[data-section-id="${cssString(test.sections[i] ?? '')}"]`;
      const l = cssString(letter);
      rules.push(
        i === 0
          ? `html[data-ab~="${t}"]:not([data-ab~="${t}:${l}"]) ${section}{display:none!important}`
          : `html:not([data-ab~="${t}:${l}"]) ${section}{display:none!important}`,
      );
    });
  }
  return rules.join('\n');
}

/**
 * The head's tags for a page with running tests: the CSS and the split script with the tests
 * (and, for staff previewing `?variant=`, the forced letter: such a page is never cached).
 */
export function abTestHead(context: PageContext): string {
  const tests = context.abTests as PageAbTest[] | undefined;
  if (!tests?.length) return '';
  const config = {
    tests: tests.map(({ id, letters, weights }) => ({ id, letters, weights })),
    force: typeof context.abOverride === 'string' ? context.abOverride : null,
    restrictive: context.cookiePolicy === 'restrictive',
  };
  return (
    `<style>${abCss(tests)}</style>` +
    `<script src="${AB_SCRIPT_PATH}" data-ab="${escapeAttr(JSON.stringify(config))}"></script>`
  );
}

/**
 * The split script, built from the shared bucket function's own source so the browser picks
 * exactly what the server counts. It reads the visitor id from ss_cvr (writing a first-visit
 * record, as the tracking runtime would, when there is none and cookies are allowed), marks
 * <html> with each test's letter, and reports the exposure once per page view (the server
 * keeps one per visitor and test).
 */
export const AB_SPLIT_SCRIPT = `(function () {
  var pick = ${abVariantIndex.toString()};
  var el = document.currentScript;
  var config;
  try { config = JSON.parse(el.getAttribute('data-ab') || '{}'); } catch (e) { return; }
  var tests = config.tests || [];
  var shape = /^([A-Za-z0-9_-]{1,64})\\|([1-9]\\d{0,15})\\|([1-9]\\d{0,15})\\|([1-9]\\d{0,15})\\|([1-9]\\d{0,15})$/;
  var found = /(?:^|;\\s*)ss_cvr=([^;]*)/.exec(document.cookie);
  var record = null;
  try { record = found ? decodeURIComponent(found[1]) : null; } catch (e) { record = null; }
  var match = record ? shape.exec(record) : null;
  var visitor = match ? match[1] : null;
  if (!visitor && !config.restrictive && !config.force) {
    var now = Date.now();
    visitor = (window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + now)
      .replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
    record = visitor + '|' + now + '|' + now + '|' + now + '|1';
    var secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = 'ss_cvr=' + encodeURIComponent(record) + '; Max-Age=63072000; Path=/; SameSite=Lax' + secure;
    document.cookie = 'ss_cvt=' + now + '; Max-Age=1800; Path=/; SameSite=Lax' + secure;
  }
  var marks = [];
  var exposed = [];
  for (var i = 0; i < tests.length; i++) {
    var t = tests[i];
    var letter = 'a';
    if (config.force) letter = t.letters.indexOf(config.force) >= 0 ? config.force : 'a';
    else if (visitor) {
      letter = t.letters[pick(visitor, t.id, t.weights)] || 'a';
      exposed.push(t.id);
    }
    marks.push(t.id, t.id + ':' + letter);
  }
  document.documentElement.setAttribute('data-ab', marks.join(' '));
  if (exposed.length && record) {
    var body = JSON.stringify({ tests: exposed, visitorCookie: record });
    var sent = false;
    try { sent = navigator.sendBeacon && navigator.sendBeacon('/api/census/ab-exposure', body); } catch (e) { sent = false; }
    if (!sent && window.fetch) fetch('/api/census/ab-exposure', { method: 'POST', body: body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain' } }).catch(function () {});
  }
})();
`;
