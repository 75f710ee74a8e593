import { describe, expect, it } from 'vitest';
import { readRate } from './campaign-rate';

describe('campaign sending speed', () => {
  it('takes whole mails a minute within the API’s range and says the range otherwise', () => {
    expect(readRate(' 600 ')).toEqual({ ok: true, rate: 600 });
    expect(readRate('1')).toEqual({ ok: true, rate: 1 });
    expect(readRate('100000')).toEqual({ ok: true, rate: 100_000 });
    const refused = { ok: false, message: 'Send between 1 and 100,000 mails a minute.' };
    for (const text of ['0', '100001', '2.5', '-3', '', 'fast', '1e3'])
      expect(readRate(text), text).toEqual(refused);
  });
});
