import { describe, expect, it } from 'vitest';
import { createEventTracker, resolvedLocale } from './event-tracker';
import { fakeEnv } from './testing/fake-env';

const base = { websiteId: 'w1', analyticsId: 'a1', sessionId: 's1' };

describe('event tracker (newer tracker)', () => {
  it('fills in the automatic fields and sends by beacon as text', async () => {
    const f = fakeEnv();
    await createEventTracker(f.env, { ...base, sourceEnvironment: 'prod' }).track('page_view', { extra: 1 });
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]).toMatchObject({ url: '/api/v1/clanker/events', via: 'beacon' });
    const wrapper = JSON.parse(f.sent[0]?.body ?? 'null');
    expect(wrapper.eventSchemaName).toBe('page_view');
    const content = JSON.parse(wrapper.eventContent);
    expect(content).toMatchObject({
      extra: 1,
      analytics_id: 'a1',
      session_id: 's1',
      context_website_id: 'w1',
      page_host: 'shop.test',
      page_path: '/shop/p/tee',
      page_query_params: 'color=navy',
      browser_window_width: 1280,
      source_environment: 'prod',
      event_occurrence_timestamp: f.env.now(),
      resolved_locale: 'fr-FR',
    });
  });

  it.each([
    [{ memberAccountLocale: 'de-DE', websiteLocale: 'es-ES' }, 'fr-FR', 'de-DE'],
    [{ websiteLocale: 'es-ES' }, 'fr-FR', 'es-ES'],
    [{}, 'fr-FR', 'fr-FR'],
    [{}, '', 'en-US'],
  ])('resolved_locale falls back member → website → document → en-US (%j, doc %s)', (ctx, doc, want) => {
    expect(resolvedLocale({ ...base, ...ctx }, doc)).toBe(want);
  });

  it('warns about a missing source environment and overwritten auto-filled fields', async () => {
    const f = fakeEnv();
    await createEventTracker(f.env, base).track('page_view', { session_id: 'mine' });
    expect(f.warnings.some((w) => /must be dev, staging or prod/.test(w))).toBe(true);
    expect(f.warnings.some((w) => /session_id.*overwritten/.test(w))).toBe(true);
    expect(JSON.parse(JSON.parse(f.sent[0]?.body ?? 'null').eventContent).session_id).toBe('s1');
  });

  it('rejects "no payload" without content', async () => {
    const f = fakeEnv();
    await expect(createEventTracker(f.env, base).track('page_view', null)).rejects.toThrow('no payload');
    expect(f.sent).toHaveLength(0);
  });

  it.each([
    [200, true],
    [202, true],
    [204, false],
    [400, false],
    [503, false],
  ])('without sendBeacon, a %i answer is success: %s', async (status, ok) => {
    const f = fakeEnv({ sendBeacon: undefined, status });
    const p = createEventTracker(f.env, { ...base, sourceEnvironment: 'dev' }).track('page_view', {});
    if (ok) await expect(p).resolves.toBeUndefined();
    else await expect(p).rejects.toThrow(`Error tracking event: HTTP Status ${status}`);
    expect(f.sent[0]?.via).toBe('fetch');
  });
});
