import { layoutSchema } from '@store/blocks';
import { z } from 'zod';
import { id } from './common';

/**
 * A/B tests of page sections (docs/ab-tests.md): the studio's routes, the exposure beacon,
 * the visitor's bucket (computed the same way by the page's split script and the server)
 * and the readout's significance test.
 */

export const AB_GOALS = ['add_to_cart', 'order', 'form_submit'] as const;
export const AB_STATUSES = ['draft', 'running', 'stopped', 'ended'] as const;
/** What the studio is told when an A/B test request cannot be done (reasons in the server). */
export const AB_TEST_MESSAGES = {
  notFound: 'That A/B test does not exist.',
  state: 'The A/B test cannot do that now.',
  invalid: 'The A/B test is not set up correctly.',
  sectionMissing: 'Publish the page with this section before testing it.',
  sectionGone: 'The tested section is no longer on the published page.',
  alreadyTested: 'This section already has an A/B test.',
  stopFirst: 'Stop the test before changing it.',
  ended: 'This test has ended.',
  notRunning: 'The test is not running.',
  weights: 'Give one weight per variant.',
} as const;

export const AB_LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;
export const AB_MAX_VARIANTS = AB_LETTERS.length;
/** Below this many visitors in a variant the readout says "not enough data yet". */
export const AB_MIN_VISITORS = 100;

/**
 * The variant (index into `weights`) a visitor sees: FNV-1a of `testId:visitorId` scaled to
 * [0, 1) and laid over the weights. Self-contained on purpose: the page's split script is
 * made from this function's own source, so browser and server always agree.
 */
export function abVariantIndex(visitorId: string, testId: string, weights: readonly number[]): number {
  const key = `${testId}:${visitorId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // One more avalanche round: keys that differ in their last character spread evenly too.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x45d9f3b) >>> 0;
  hash ^= hash >>> 16;
  const total = weights.reduce((sum, w) => sum + Math.max(w, 0), 0);
  if (total <= 0) return 0;
  let point = ((hash >>> 0) / 4294967296) * total;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] ?? 0;
    if (w <= 0) continue;
    if (point < w) return i;
    point -= w;
  }
  return weights.length - 1;
}

export interface AbProportion {
  visitors: number;
  conversions: number;
}

export interface AbComparison {
  rate: number;
  /** (rate − control rate) / control rate; null when the control converts nobody. */
  lift: number | null;
  /** Two-sided p-value of the two-proportion z-test; null when there is not enough data. */
  pValue: number | null;
  enoughData: boolean;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * A variant against the control (variant A): conversion rate, lift, and the two-sided p-value
 * of the pooled two-proportion z-test. Pure; `minVisitors` per side before a p-value is given.
 */
export function abCompare(
  control: AbProportion,
  variant: AbProportion,
  minVisitors: number = AB_MIN_VISITORS,
): AbComparison {
  const rate = variant.visitors > 0 ? variant.conversions / variant.visitors : 0;
  const base = control.visitors > 0 ? control.conversions / control.visitors : 0;
  const lift = base > 0 ? (rate - base) / base : null;
  const enoughData = control.visitors >= minVisitors && variant.visitors >= minVisitors;
  if (!enoughData) return { rate, lift, pValue: null, enoughData };
  const pooled = (control.conversions + variant.conversions) / (control.visitors + variant.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.visitors + 1 / variant.visitors));
  if (se === 0) return { rate, lift, pValue: 1, enoughData };
  const z = (rate - base) / se;
  return { rate, lift, pValue: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))), enoughData };
}

const sectionSchema = layoutSchema.shape.sections.element;
const letter = z.enum(AB_LETTERS);
const goal = z.enum(AB_GOALS);
const weight = z.number().int().min(1).max(100);

export const abVariantView = z.object({ letter, weight, section: sectionSchema });
export const abTestView = z.object({
  id: z.string(),
  pageId: z.string(),
  sectionId: z.string(),
  goal,
  status: z.enum(AB_STATUSES),
  winner: letter.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  variants: z.array(abVariantView),
});
export type AbTestView = z.infer<typeof abTestView>;

export const abResultRow = z.object({
  letter,
  weight,
  visitors: z.number().int(),
  conversions: z.number().int(),
  rate: z.number(),
  lift: z.number().nullable(),
  pValue: z.number().nullable(),
  enoughData: z.boolean(),
});
export type AbResultRow = z.infer<typeof abResultRow>;

const testParams = z.object({ id });

export const abTestRoutes = {
  'GET /api/studio/ab-tests': {
    summary: 'Studio: the A/B tests of the site, or of one page (`pageId`)',
    querystring: z.object({ pageId: id.optional() }),
    response: z.object({ tests: z.array(abTestView) }),
  },
  'POST /api/studio/ab-tests': {
    summary: 'Studio: start setting up an A/B test of a published section (variant A is the section)',
    status: 201,
    body: z.object({
      pageId: id,
      sectionId: id,
      goal,
      variants: z.number().int().min(2).max(AB_MAX_VARIANTS).default(2),
      weights: z.array(weight).min(2).max(AB_MAX_VARIANTS).optional(),
    }),
    response: abTestView,
  },
  'PUT /api/studio/ab-tests/:id': {
    summary: 'Studio: change a test’s goal, weights or variant content (not while it runs)',
    params: testParams,
    body: z.object({
      goal: goal.optional(),
      variants: z
        .array(z.object({ letter, weight: weight.optional(), section: sectionSchema.optional() }))
        .max(AB_MAX_VARIANTS)
        .optional(),
    }),
    response: abTestView,
  },
  'POST /api/studio/ab-tests/:id/start': {
    summary: 'Studio: visitors start being split between the variants',
    params: testParams,
    response: abTestView,
  },
  'POST /api/studio/ab-tests/:id/stop': {
    summary: 'Studio: every visitor sees variant A again (the counts are kept)',
    params: testParams,
    response: abTestView,
  },
  'POST /api/studio/ab-tests/:id/winner': {
    summary: 'Studio: the chosen variant becomes the section (published) and the test ends',
    params: testParams,
    body: z.object({ letter }),
    response: abTestView,
  },
  'DELETE /api/studio/ab-tests/:id': {
    summary: 'Studio: delete a test that is not running, with its counts',
    params: testParams,
    response: z.object({ ok: z.boolean() }),
  },
  'GET /api/studio/ab-tests/:id/results': {
    summary: 'Studio: visitors, conversions, rate, lift against A and significance per variant',
    params: testParams,
    response: z.object({ test: abTestView, minVisitors: z.number().int(), variants: z.array(abResultRow) }),
  },
  'POST /api/census/ab-exposure': {
    summary: 'A visitor was shown the variants the page picked for them (once per visitor and test)',
    documentsOnly: true,
    body: z.object({ tests: z.array(id).min(1).max(10), visitorCookie: z.string().max(200).optional() }),
    response: z.object({ accepted: z.number().int() }),
    status: 202,
  },
} as const;
