import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, errorCatalogue } from '../src/errors';
import { Rejection, answerFor, reasonCatalogue, valueOrFail } from '../src/reasons';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/api-errors.md'), 'utf8');

describe('reason catalogue (errors as values)', () => {
  it.each(Object.entries(reasonCatalogue))(
    'documents %s with its status, code and message',
    (reason, entry) => {
      expect(doc).toContain(`\`${reason}\` (${entry.status}, \`${entry.code}\`): "${entry.message}"`);
    },
  );

  it('answers a reason with its status, code, message (values filled) and the reason itself', () => {
    try {
      valueOrFail({ ok: false, reason: 'MINIMUM_SUBTOTAL', values: { subtotal: '$50.00' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const api = error as ApiError;
      expect([api.statusCode, api.code, api.message, api.extra]).toEqual([
        400,
        'VALIDATION_FAILED',
        'To check out, your order subtotal must be $50.00 or more.',
        { reason: 'MINIMUM_SUBTOTAL' },
      ]);
    }
    expect(valueOrFail({ ok: true, value: 7 })).toBe(7);
  });

  it('answers a Rejection that reached the edge like the same reason returned as a value', () => {
    const answer = answerFor(new Rejection('ROLE_CEILING', { own: 'Editor', role: 'Admin' }));
    expect([answer.statusCode, answer.code, answer.message, answer.extra]).toEqual([
      403,
      'FORBIDDEN',
      'Your role (Editor) cannot give the role Admin.',
      { reason: 'ROLE_CEILING' },
    ]);
    const withFields = answerFor(
      new Rejection('ADDITIONAL_FIELDS_INVALID', undefined, undefined, { errors: { f1: 'Required' } }),
    );
    expect([withFields.statusCode, withFields.code, withFields.extra]).toEqual([
      400,
      'FORM_INVALID',
      { errors: { f1: 'Required' }, reason: 'ADDITIONAL_FIELDS_INVALID' },
    ]);
  });
});

describe('docs/api-errors.md', () => {
  it('documents no code and no reason that the catalogues do not have', () => {
    const codes = [...doc.matchAll(/^- `([A-Z_]+)` \((\d{3})\)/gm)].map((m) => m[1]);
    const reasons = [...doc.matchAll(/^- `([A-Z_]+)` \(\d{3}, `[A-Z_]+`\)/gm)].map((m) => m[1]);
    expect(codes.filter((code) => !(code! in errorCatalogue))).toEqual([]);
    expect(reasons.filter((reason) => !(reason! in reasonCatalogue))).toEqual([]);
    expect(codes.length).toBe(Object.keys(errorCatalogue).length);
    expect(reasons.length).toBe(Object.keys(reasonCatalogue).length);
  });
});

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
