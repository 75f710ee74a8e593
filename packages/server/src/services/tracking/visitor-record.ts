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
  const [, id = '', ...rest] = m;
  const [firstVisit, previousVisit, currentVisit, visitCount] = rest.slice(0, 4).map(Number);
  const nums = [firstVisit, previousVisit, currentVisit, visitCount];
  if (!nums.every((n): n is number => Number.isSafeInteger(n))) return null;
  return { id, firstVisit, previousVisit, currentVisit, visitCount } as VisitorRecord;
}
