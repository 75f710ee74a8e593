import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', logLevel: 'info', databaseUrl: undefined });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads DATABASE_URL to choose PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).databaseUrl).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });

  it('reads DATABASE_POOL_SIZE (unset: the pool default)', () => {
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it.each([
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be between 1 and 200/],
    [{ DATABASE_POOL_SIZE: 'many' }, /DATABASE_POOL_SIZE must be a number/],
    [{ PORT: 'abc' }, /PORT: PORT must be a number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ PORT: '3.5' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp:\/\//],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
