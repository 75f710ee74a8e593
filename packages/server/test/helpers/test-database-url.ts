/**
 * The PostgreSQL database the tests may use: `TEST_DATABASE_URL` and nothing else (never
 * `DATABASE_URL`, which names the shop's own database), and only when its name says it is
 * scratch space. The set-up drops that database's schema, so a URL that names anything else
 * stops the run before a single statement reaches it.
 */
const SCRATCH_NAME = /(^|[_\-.\d])(test|tests|testing|e2e|scratch)([_\-.\d]|$)/i;

export class NotATestDatabaseError extends Error {
  override name = 'NotATestDatabaseError';
}

export function looksLikeTestDatabase(name: string): boolean {
  return SCRATCH_NAME.test(name);
}

/** '' when no PostgreSQL run is configured; throws when the database is not a test database. */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  const url = env.TEST_DATABASE_URL ?? '';
  if (!url) return '';
  let name: string;
  try {
    name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  } catch {
    throw new NotATestDatabaseError('TEST_DATABASE_URL is not a valid postgres:// address.');
  }
  if (!looksLikeTestDatabase(name))
    throw new NotATestDatabaseError(
      `TEST_DATABASE_URL names the database "${name}", which does not look like a test database: the tests drop its schema. Use a database whose name contains "test", "e2e" or "scratch" as a word (test, shop_test, test_2).`,
    );
  return url;
}
