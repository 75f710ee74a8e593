import { describe, expect, it } from 'vitest';
import { type ErrorReport, createErrorReporter } from './error-reporter';
import { fakeEnv } from './testing/fake-env';

function setup(fail = false) {
  const f = fakeEnv();
  const batches: ErrorReport[][] = [];
  const reporter = createErrorReporter(f.env, {
    send: async (b) => {
      batches.push(b);
      if (fail) throw new Error('Error tracking event: HTTP Status 500');
    },
  });
  return { f, batches, reporter };
}

describe('error reporter (spec §9 limits)', () => {
  it('sends one batch 1 s after the last report (debounce)', () => {
    const { f, batches, reporter } = setup();
    reporter.report(new Error('a'));
    f.advance(900);
    reporter.report(new Error('b'));
    f.advance(900);
    expect(batches).toHaveLength(0);
    f.advance(100);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.map((r) => r.data.message)).toEqual(['a', 'b']);
  });

  it('holds at most 10 queued reports', () => {
    const { f, batches, reporter } = setup();
    const accepted = Array.from({ length: 12 }, (_, i) => reporter.report(new Error(`e${i}`)));
    expect(accepted.filter(Boolean)).toHaveLength(10);
    f.advance(1000);
    expect(batches[0]).toHaveLength(10);
  });

  it('sends at most 20 reports per page', () => {
    const { f, batches, reporter } = setup();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) reporter.report(new Error(`r${round}-${i}`));
      f.advance(1000);
    }
    expect(batches.flat()).toHaveLength(20);
  });

  it('cuts stacks at 5000 characters', () => {
    const { f, batches, reporter } = setup();
    const e = new Error('long');
    e.stack = 'x'.repeat(6000);
    reporter.report(e);
    f.advance(1000);
    expect(batches[0]?.[0]?.data.stack).toHaveLength(5000);
  });

  it('sends the failure to the console, not the page', async () => {
    const { f, reporter } = setup(true);
    reporter.report('plain message');
    await reporter.flush();
    expect(f.errors).toEqual(['Error tracking event: HTTP Status 500']);
  });
});
