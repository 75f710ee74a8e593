import { TRACKER_VERSION } from './constants';
import type { TrackerEnv } from './env';
import { beacon, httpStatusError } from './transport';

export type SourceEnvironment = 'dev' | 'qa' | 'staging' | 'prod';

export interface EventTrackerContext {
  websiteId: string;
  analyticsId: string;
  sessionId: string;
  sourceEnvironment?: SourceEnvironment;
  websiteLocale?: string;
  memberAccountId?: string;
  memberAccountLocale?: string;
  /** POST target; default same-origin /api/v1/clanker/events. */
  endpoint?: string;
}

/** The fields the tracker fills in itself (spec §3); a caller supplying one is warned. */
export const AUTO_FILLED_FIELDS = [
  'analytics_id',
  'browser_language',
  'browser_locale',
  'browser_window_height',
  'browser_window_width',
  'client_name',
  'client_version',
  'page_host',
  'page_path',
  'page_query_params',
  'page_referrer_url',
  'session_id',
  'enduser_user_agent',
  'event_occurrence_timestamp',
  'source_environment',
  'context_website_id',
  'resolved_locale',
] as const;

/** resolved_locale: the member's, else the website's, else the document language, else en-US. */
export function resolvedLocale(ctx: EventTrackerContext, documentLanguage: string): string {
  return ctx.memberAccountLocale || ctx.websiteLocale || documentLanguage || 'en-US';
}

/**
 * The newer tracker: `track(schemaName, content)` fills in the automatic fields and sends
 * `{ eventSchemaName, eventContent }` by beacon (text/plain), or JSON fetch where beacons
 * are unavailable (200 or 202 = success). Rejects "no payload" without content and
 * "Error tracking event: HTTP Status {code}" on a failed fetch.
 */
export function createEventTracker(env: TrackerEnv, ctx: EventTrackerContext) {
  const endpoint = ctx.endpoint ?? '/api/v1/clanker/events';
  let warnedEnvironment = false;

  function autoFields(): Record<string, unknown> {
    const viewport = env.viewport();
    if (!ctx.sourceEnvironment && !warnedEnvironment) {
      warnedEnvironment = true;
      env.console.warn('Tracking source environment is missing: it must be dev, staging or prod.');
    }
    const fields: Record<string, unknown> = {
      analytics_id: ctx.analyticsId,
      browser_language: env.navigator.language,
      browser_locale: env.navigator.language,
      browser_window_height: Math.max(0, Math.round(viewport.height)),
      browser_window_width: Math.max(0, Math.round(viewport.width)),
      client_name: 'storefront',
      client_version: TRACKER_VERSION,
      page_host: env.location.host,
      page_path: env.location.pathname,
      page_query_params: env.location.search.replace(/^\?/, ''),
      page_referrer_url: env.document.referrer,
      session_id: ctx.sessionId,
      enduser_user_agent: env.navigator.userAgent,
      event_occurrence_timestamp: env.now(),
      context_website_id: ctx.websiteId,
      resolved_locale: resolvedLocale(ctx, env.document.language),
    };
    if (ctx.sourceEnvironment) fields.source_environment = ctx.sourceEnvironment;
    if (ctx.websiteLocale) fields.website_locale = ctx.websiteLocale;
    if (ctx.memberAccountId) fields.member_account_id = ctx.memberAccountId;
    if (ctx.memberAccountLocale) fields.member_account_locale = ctx.memberAccountLocale;
    return fields;
  }

  return {
    async track(schemaName: string, content: Record<string, unknown> | null | undefined): Promise<void> {
      if (!content || typeof content !== 'object') throw new Error('no payload');
      for (const key of AUTO_FILLED_FIELDS) {
        if (key in content)
          env.console.warn(
            `Tracking field "${key}" is filled in automatically; the value given is overwritten.`,
          );
      }
      const eventContent = JSON.stringify({ ...content, ...autoFields() });
      const body = JSON.stringify({ eventSchemaName: schemaName, eventContent });
      if (env.sendBeacon) {
        await beacon(env, endpoint, body, 'text/plain');
        return;
      }
      const res = await env.fetch(endpoint, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
      });
      if (res.status !== 200 && res.status !== 202) throw httpStatusError(res.status);
    },
  };
}

export type EventTracker = ReturnType<typeof createEventTracker>;
