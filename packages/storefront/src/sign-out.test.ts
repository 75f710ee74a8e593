import { describe, expect, it } from 'vitest';
import { ApiFailure } from './api';
import { signOut } from './sign-out';

describe('signOut', () => {
  it('repeats the call once after a crumbFail, with a fresh crumb in between', async () => {
    const log: string[] = [];
    let calls = 0;
    await signOut({
      cloneCart: true,
      call: async (key, input) => {
        log.push(`${key}?cloneCart=${input.query.cloneCart}`);
        calls++;
        if (calls === 1) throw new ApiFailure(403, 'CRUMB_FAIL', 'expired', true);
        return { ok: true };
      },
      refreshCrumb: async () => log.push('refresh'),
    });
    expect(log).toEqual([
      'DELETE /api/site-users/account/session?cloneCart=true',
      'refresh',
      'DELETE /api/site-users/account/session?cloneCart=true',
    ]);
  });

  it('does not retry other failures, and gives up after the second crumbFail', async () => {
    let calls = 0;
    const fail = (crumbFail: boolean) => async () => {
      calls++;
      throw new ApiFailure(crumbFail ? 403 : 500, 'X', 'no', crumbFail);
    };
    await expect(signOut({ call: fail(false), refreshCrumb: async () => {} })).rejects.toThrow('no');
    expect(calls).toBe(1);
    calls = 0;
    await expect(signOut({ call: fail(true), refreshCrumb: async () => {} })).rejects.toThrow('no');
    expect(calls).toBe(2);
  });
});
