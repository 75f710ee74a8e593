import { describe, expect, it } from 'vitest';
import { CookieJar } from './cookie-jar';
import { analyticsId, sessionInfo } from './session-state';
import { MemoryStorage, fakeEnv } from './testing/fake-env';

describe('analytics id', () => {
  it('is stored with an expiry 390 days out and reused until then', () => {
    const f = fakeEnv();
    const jar = new CookieJar(f.env);
    const first = analyticsId(f.env, jar);
    expect(analyticsId(f.env, jar)).toBe(first);
    const expires = Number(f.env.localStorage!.getItem('sf-analytics-id-expires'));
    expect(expires - f.env.now()).toBe(390 * 24 * 3600 * 1000);
    expect(
      f.cookies.writes.some((w) => w.startsWith('ss_cid=') && w.includes(`Max-Age=${390 * 24 * 3600}`)),
    ).toBe(true);
  });

  it('is replaced (stored values removed) once the expiration date passes', () => {
    const f = fakeEnv();
    const jar = new CookieJar(f.env);
    const first = analyticsId(f.env, jar);
    f.advance(391 * 24 * 3600 * 1000);
    const second = analyticsId(f.env, jar);
    expect(second).not.toBe(first);
  });

  it('warns "Unable to store analyticsId" when storage throws', () => {
    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new Error('quota');
    };
    const f = fakeEnv({ localStorage: broken });
    expect(analyticsId(f.env, new CookieJar(f.env))).toMatch(/^id-/);
    expect(f.warnings).toContain('Unable to store analyticsId');
  });
});

describe('session info', () => {
  it('marks the first landing of the first session, then neither landing nor (new) session', () => {
    const f = fakeEnv();
    const jar = new CookieJar(f.env);
    const first = sessionInfo(f.env, jar);
    expect(first).toMatchObject({ isFirstLanding: true, isFirstSession: true });
    const second = sessionInfo(f.env, jar);
    expect(second).toEqual({ sessionId: first.sessionId, isFirstLanding: false, isFirstSession: true });
    // A new browser session: new session cookie and session storage, same local storage.
    f.cookies.jar.delete('ss_csid');
    const next = sessionInfo({ ...f.env, sessionStorage: new MemoryStorage() }, jar);
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(next).toMatchObject({ isFirstLanding: true, isFirstSession: false });
  });

  it.each([
    ['local', { localStorage: null }],
    ['session', { sessionStorage: null }],
  ])('reports both flags false when %s storage is unavailable', (_l, over) => {
    const f = fakeEnv(over);
    const info = sessionInfo(f.env, new CookieJar(f.env));
    expect(info).toMatchObject({ isFirstLanding: false, isFirstSession: false });
    expect(info.sessionId).toBeTruthy();
    expect(f.warnings).toContain('Unable access local/session storage');
  });
});
