/**
 * A value the test's setup is sure to have (a seeded row, a returned line). Missing, the
 * test fails here with what was missing instead of a TypeError further on.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}
