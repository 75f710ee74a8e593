/** A parsed ss_cvr cookie: id | first visit | previous visit | current visit | visit count. */
export interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

const SHAPE = /^([A-Za-z0-9_-]{1,64})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})\|([1-9]\d{0,15})$/;

/**
 * Spec §5: the visitor record is an id plus four positive integers separated by bars.
 * Returns null for anything else (the client regenerates; the server rejects).
 */
export function parseVisitorRecord(value: unknown): VisitorRecord | null {
  if (typeof value !== 'string') return null;
  const m = SHAPE.exec(value);
  if (!m) return null;
  const nums = [m[2], m[3], m[4], m[5]].map(Number);
  if (!nums.every(Number.isSafeInteger)) return null;
  return {
    id: m[1],
    firstVisit: nums[0],
    previousVisit: nums[1],
    currentVisit: nums[2],
    visitCount: nums[3],
  };
}
