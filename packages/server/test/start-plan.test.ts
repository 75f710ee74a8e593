import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript (scripts/ runs with Node alone, no types)
import { inputsFingerprint, startPlan } from '../../../scripts/build-paths.mjs';

describe('npm start: build, run as shipped, or say what is missing', () => {
  const same = () => 'abc';
  it.each([
    [
      'a production install (no build tools) with the output, its stamp from elsewhere',
      true,
      false,
      'old',
      'run',
    ],
    ['a production install with the output and no stamp at all', true, false, undefined, 'run'],
    ['a production install without the output', false, false, undefined, 'fail'],
    ['a checkout with the build tools and no output', false, true, undefined, 'build'],
    ['a checkout whose output was built from these very sources', true, true, 'abc', 'run'],
    ['a checkout whose sources changed since the build', true, true, 'old', 'build'],
    ['a checkout with output from a build that wrote no fingerprint', true, true, undefined, 'build'],
  ])('%s → %s', (_case, built, canBuild, builtFrom, plan) => {
    expect(startPlan({ built, canBuild, builtFrom, inputs: same })).toBe(plan);
  });

  it('fingerprints the sources by content: the same bytes give the same fingerprint', () => {
    const first = inputsFingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(inputsFingerprint()).toBe(first);
  });
});
