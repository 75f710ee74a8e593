import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, errorCatalogue } from '../src/errors';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/api-errors.md'), 'utf8');

describe('error catalogue', () => {
  it.each(Object.entries(errorCatalogue))(
    'documents %s with its status in docs/api-errors.md',
    (code, { status }) => {
      expect(doc).toContain(`\`${code}\` (${status})`);
    },
  );

  it('uses 4xx for client mistakes and 5xx only for server failures', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue)) {
      const serverSide = [
        'INTERNAL_ERROR',
        'SERVICE_UNAVAILABLE',
        'TRACKING_UNAVAILABLE',
        'FORM_SEND_FAILED',
      ].includes(code);
      expect(status >= 500, code).toBe(serverSide);
    }
  });

  it('carries the catalogue status and message unless overridden', () => {
    const e = new ApiError('RATE_LIMITED');
    expect(e.statusCode).toBe(429);
    expect(e.message).toBe('Please try again in a few seconds.');
    expect(new ApiError('NOT_FOUND', 'No such cart', {}, 410).statusCode).toBe(410);
  });
});
