import { CENSUS_TIMEOUT_MS } from './constants';
import type { TrackerEnv } from './env';
import { beacon, postJson } from './transport';

export interface CensusPage {
  websiteId: string;
  pageType: number;
  itemId?: string | null;
  collectionId?: string | null;
  recordType?: number | null;
  templateId?: string | null;
  websiteLocale?: string | null;
  pagePermissionType?: number | null;
}

/** Page fields sent with every census call. */
function pageFields(env: TrackerEnv, page: CensusPage): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    websiteId: page.websiteId,
    url: env.location.href,
    title: env.document.title.slice(0, 500),
    pageType: page.pageType,
    clientDate: env.now(),
  };
  if (page.itemId) fields.itemId = page.itemId;
  if (page.collectionId) fields.collectionId = page.collectionId;
  if (page.recordType) fields.recordType = page.recordType;
  if (page.templateId) fields.templateId = page.templateId;
  if (page.pagePermissionType !== undefined && page.pagePermissionType !== null) {
    fields.pagePermissionType = page.pagePermissionType;
  }
  return fields;
}

/** The other site a visitor came from (its host), for the owner's referrers table; none for our own pages. */
function externalReferrer(env: TrackerEnv): string | undefined {
  try {
    const host = new URL(env.document.referrer).host;
    return host && host !== env.location.host ? host.slice(0, 255) : undefined;
  } catch {
    return undefined;
  }
}

/** The census page-view hit (spec §3): form-encoded event, data, ss_cvr. */
export function recordHit(
  env: TrackerEnv,
  page: CensusPage,
  visitorRecord: string,
  session: Record<string, unknown> = {},
): Promise<void> {
  const viewport = env.viewport();
  const data = {
    ...pageFields(env, page),
    ...session,
    website_locale: page.websiteLocale ?? undefined,
    referrer: externalReferrer(env),
    userAgent: env.navigator.userAgent.slice(0, 1000),
    viewportInnerWidth: Math.max(0, Math.round(viewport.width)),
    viewportInnerHeight: Math.max(0, Math.round(viewport.height)),
    screenWidth: Math.max(0, Math.round(viewport.screenWidth)),
    screenHeight: Math.max(0, Math.round(viewport.screenHeight)),
  };
  const body = new URLSearchParams({ event: 'View', data: JSON.stringify(data), ss_cvr: visitorRecord });
  return beacon(env, '/api/census/RecordHit', body, 'application/x-www-form-urlencoded');
}

export type CensusCall = 'button-click' | 'button-render' | 'form-render' | 'overlay';

/** Button, form and overlay census calls: JSON with a 2.5 s timeout (spec §9). */
export function censusCall(
  env: TrackerEnv,
  call: CensusCall,
  page: CensusPage,
  visitorRecord: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  return postJson(
    env,
    `/api/census/${call}`,
    { ...pageFields(env, page), visitorCookie: visitorRecord, ...fields },
    { timeoutMs: CENSUS_TIMEOUT_MS },
  );
}
