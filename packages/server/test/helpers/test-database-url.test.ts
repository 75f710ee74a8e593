import { describe, expect, it } from 'vitest';
import { looksLikeTestDatabase, NotATestDatabaseError, testDatabaseUrl } from './test-database-url';

describe('the database the tests may drop', () => {
  it('is named like scratch space', () => {
    for (const name of ['test', 'shop_test', 'test_2', 'juniper-test', 'tracking_e2e', 'scratch', 'TESTS'])
      expect(looksLikeTestDatabase(name), name).toBe(true);
    for (const name of ['shop', 'juniper', 'production', 'latest', 'contest', 'postgres', ''])
      expect(looksLikeTestDatabase(name), name).toBe(false);
  });

  it('comes from TEST_DATABASE_URL only, never DATABASE_URL', () => {
    expect(testDatabaseUrl({ DATABASE_URL: 'postgres://u@h:5432/test' })).toBe('');
    expect(testDatabaseUrl({ TEST_DATABASE_URL: 'postgres://u@h:5432/test' })).toBe(
      'postgres://u@h:5432/test',
    );
  });

  it('stops the run when it names another database', () => {
    expect(() => testDatabaseUrl({ TEST_DATABASE_URL: 'postgres://u@h:5432/shop' })).toThrow(
      NotATestDatabaseError,
    );
    expect(() => testDatabaseUrl({ TEST_DATABASE_URL: 'postgres://u@h:5432/shop' })).toThrow(/"shop"/);
    expect(() => testDatabaseUrl({ TEST_DATABASE_URL: 'not a url' })).toThrow(NotATestDatabaseError);
  });
});
