import { VISITOR_COOKIE, VISITOR_MAX_AGE_S, VISIT_COOKIE, VISIT_MAX_AGE_S } from './constants';
import type { CookieJar } from './cookie-jar';

const SHAPE = /^([A-Za-z0-9_-]{1,64})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})$/;

export interface Visit {
  /** The ss_cvr value: id|first visit|previous visit|current visit|visit count. */
  record: string;
  visitorId: string;
  visitCount: number;
  isNewVisit: boolean;
}

function compactId(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || 'v';
}

/**
 * Work out this page's visit (spec §5, §9). A valid ss_cvr with a live ss_cvt (30 min)
 * continues the visit; a valid ss_cvr without one starts the next visit; anything invalid
 * (or missing) is regenerated as a first visit. Both cookies are (re)written.
 */
export function touchVisit(jar: CookieJar, now: number, newId: () => string): Visit {
  const m = SHAPE.exec(jar.get(VISITOR_COOKIE) ?? '');
  const timer = jar.get(VISIT_COOKIE);
  const alive = timer !== undefined && /^[1-9]\d{0,15}$/.test(timer);
  let visit: Visit;
  if (!m) {
    const id = compactId(newId());
    visit = { record: `${id}|${now}|${now}|${now}|1`, visitorId: id, visitCount: 1, isNewVisit: true };
  } else if (alive) {
    visit = { record: m[0], visitorId: m[1] ?? '', visitCount: Number(m[5]), isNewVisit: false };
  } else {
    const count = Number(m[5]) + 1;
    visit = {
      record: `${m[1]}|${m[2]}|${m[4]}|${now}|${count}`,
      visitorId: m[1] ?? '',
      visitCount: count,
      isNewVisit: true,
    };
  }
  jar.set(VISITOR_COOKIE, visit.record, VISITOR_MAX_AGE_S);
  jar.set(VISIT_COOKIE, String(now), VISIT_MAX_AGE_S);
  return visit;
}
