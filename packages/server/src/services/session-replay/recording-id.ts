import { createHmac } from 'node:crypto';
import { AUTOMATED_MOCK_ID, siteAllowsRecording } from '@store/api';
import type { Database } from '../../db/client';
import { serverSecret } from '../server-secret';
import { storeCountry } from '../store-settings/preferences';
import type { VisitorRecord } from '../tracking/visitor-record';
import { replayEnabled } from './replay-store';

/**
 * Known automated clients by user agent: crawlers, headless browsers and test drivers. With
 * `navigator.webdriver` (which the recorder reports) this keeps bots out of recordings.
 */
const AUTOMATED_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|phantomjs|puppeteer|playwright|selenium|webdriver|python-requests|curl\/|wget\//i;

export function isAutomatedClient(userAgent: string | undefined, webdriver: boolean): boolean {
  return webdriver || !userAgent || AUTOMATED_AGENT.test(userAgent);
}

const secrets = new WeakMap<Database, Promise<Buffer>>();
function secretOf(db: Database): Promise<Buffer> {
  let found = secrets.get(db);
  if (!found) {
    found = serverSecret(db, 'session-replay');
    // A failed read is tried again on the next request.
    found.catch(() => secrets.delete(db));
    secrets.set(db, found);
  }
  return found;
}

/**
 * The recording id of one visit: derived (HMAC) from the site, the visitor id and the visit's
 * start in the ss_cvr record, so it is the same on every page of the visit, changes with the
 * next visit, and cannot be guessed or pointed at another site's visit.
 */
export async function recordingIdOf(
  db: Database,
  websiteId: string,
  visitor: VisitorRecord,
): Promise<string> {
  const mac = createHmac('sha256', await secretOf(db))
    .update(`${websiteId}|${visitor.id}|${visitor.currentVisit}|${visitor.visitCount}`)
    .digest('base64url');
  return `sr_${mac.slice(0, 32)}`;
}

export interface RecordingRequest {
  websiteId: string;
  visitor: VisitorRecord | null;
  automated: boolean;
}

/** Spec §4/§7 getId: this visit's id, or the automated mock id when it is not to be recorded. */
export async function recordingIdFor(db: Database, request: RecordingRequest): Promise<string> {
  if (!request.visitor || request.automated) return AUTOMATED_MOCK_ID;
  const [enabled, country] = await Promise.all([
    replayEnabled(db, request.websiteId),
    storeCountry(db, request.websiteId),
  ]);
  if (!siteAllowsRecording({ enabled, storeCountry: country })) return AUTOMATED_MOCK_ID;
  return recordingIdOf(db, request.websiteId, request.visitor);
}
