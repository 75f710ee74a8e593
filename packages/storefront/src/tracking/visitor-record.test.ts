import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar';
import { fakeEnv } from './testing/fake-env';
import { touchVisit } from './visitor-record';

const NOW = 1_700_000_500_000;

describe('touchVisit (ss_cvr / ss_cvt)', () => {
  it('creates a first visit when there is no record', () => {
    const f = fakeEnv();
    const visit = touchVisit(new CookieJar(f.env), NOW, () => 'abc-123');
    expect(visit).toEqual({
      record: `abc-123|${NOW}|${NOW}|${NOW}|1`,
      visitorId: 'abc-123',
      visitCount: 1,
      isNewVisit: true,
    });
    const cvr = f.cookies.writes.find((w) => w.startsWith('ss_cvr='))!;
    expect(cvr).toContain(`Max-Age=${2 * 365 * 24 * 3600}`);
    const cvt = f.cookies.writes.find((w) => w.startsWith('ss_cvt='))!;
    expect(cvt).toContain('Max-Age=1800');
  });

  it('continues the visit while ss_cvt lives', () => {
    const f = fakeEnv({ cookies: { ss_cvr: 'v1|100|200|300|4', ss_cvt: '300' } });
    expect(touchVisit(new CookieJar(f.env), NOW, () => 'x')).toMatchObject({
      record: 'v1|100|200|300|4',
      visitCount: 4,
      isNewVisit: false,
    });
  });

  it('starts the next visit when ss_cvt expired: previous ← current, count + 1', () => {
    const f = fakeEnv({ cookies: { ss_cvr: 'v1|100|200|300|4' } });
    const visit = touchVisit(new CookieJar(f.env), NOW, () => 'x');
    expect(visit.record).toBe(`v1|100|300|${NOW}|5`);
    expect(visit.isNewVisit).toBe(true);
  });

  it.each([['garbage'], ['v1|0|1|2|3'], ['v1|1|2|3'], ['v1|1|2|-3|4'], ['v 1|1|2|3|4'], ['v1|1.5|2|3|4']])(
    'regenerates the invalid record %s',
    (bad) => {
      const f = fakeEnv({ cookies: { ss_cvr: encodeURIComponent(bad), ss_cvt: '5' } });
      const visit = touchVisit(new CookieJar(f.env), NOW, () => 'fresh');
      expect(visit.record).toBe(`fresh|${NOW}|${NOW}|${NOW}|1`);
    },
  );

  it('writes nothing under a restrictive cookie policy', () => {
    const f = fakeEnv();
    const visit = touchVisit(new CookieJar(f.env, true), NOW, () => 'mem');
    expect(visit.visitorId).toBe('mem');
    expect(f.cookies.writes).toEqual([]);
  });
});
