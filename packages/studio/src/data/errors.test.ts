import { describe, expect, it } from 'vitest';
import { ApiFailure, NETWORK_ERROR } from '../api';
import { UNEXPECTED_ERROR, failureText, isNetworkFailure, serverFieldErrors, splitFailure } from './errors';
import { retryDelay, shouldRetry } from './query-client';

const refused = (body: Record<string, unknown>, status = 400, message = 'name: Enter a name.') =>
  new ApiFailure(status, 'VALIDATION_FAILED', message, false, false, body);
const offline = () => new ApiFailure(0, 'NETWORK', NETWORK_ERROR, false, true);

describe('what a failed call says', () => {
  it("is the API's own message for an answer, the network message offline", () => {
    expect(failureText(new ApiFailure(409, 'CONFLICT', 'A coupon with this code already exists.'))).toBe(
      'A coupon with this code already exists.',
    );
    expect(failureText(offline())).toBe(NETWORK_ERROR);
    expect(failureText(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR);
    expect(failureText(new Error('bug'))).toBe(UNEXPECTED_ERROR);
  });

  it('retries only requests that got no answer, at most twice', () => {
    expect(isNetworkFailure(offline())).toBe(true);
    expect(isNetworkFailure(new ApiFailure(500, 'INTERNAL_ERROR', 'x'))).toBe(false);
    expect(shouldRetry(0, offline())).toBe(true);
    expect(shouldRetry(1, offline())).toBe(true);
    expect(shouldRetry(2, offline())).toBe(false);
    expect(shouldRetry(0, new ApiFailure(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiFailure(400, 'VALIDATION_FAILED', 'x'))).toBe(false);
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([500, 1000, 2000, 8000]);
  });
});

describe('field errors of a refused write', () => {
  it('read the map of path → message the server sends with VALIDATION_FAILED and FORM_INVALID', () => {
    expect(
      serverFieldErrors(refused({ errors: { name: 'Enter a name.', 'zones.0.country': 'Bad' } })),
    ).toEqual({
      name: 'Enter a name.',
      'zones.0.country': 'Bad',
    });
  });

  it('read the list of { path, message } the tracking routes send, first message per path', () => {
    const failure = refused({
      errors: [
        { path: 'url', message: 'Invalid URL' },
        { path: 'url', message: 'second' },
        { path: ['items', 0, 'id'], message: 'Required' },
        { path: '', message: 'Whole body wrong' },
        'junk',
      ],
    });
    expect(serverFieldErrors(failure)).toEqual({
      url: 'Invalid URL',
      'items.0.id': 'Required',
      _: 'Whole body wrong',
    });
  });

  it('are empty for a refusal without fields, offline, or a non-API error', () => {
    expect(serverFieldErrors(new ApiFailure(409, 'CONFLICT', 'Taken'))).toEqual({});
    expect(serverFieldErrors(offline())).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
    expect(serverFieldErrors(refused({ errors: 'oops' }))).toEqual({});
  });

  it('go onto the form fields the form has; the rest is said above the form with its path', () => {
    const failure = refused({ errors: { name: 'Enter a name.', 'variants.0.sku': 'Taken', _: 'Too many' } });
    const split = splitFailure(failure, (path) => (path === 'name' ? 'title' : undefined));
    expect(split.fields).toEqual({ title: 'Enter a name.' });
    expect(split.formMessage).toBe('variants.0.sku: Taken Too many');
  });

  it('leave the form message empty when every field found its input, and use the API message when none named', () => {
    expect(splitFailure(refused({ errors: { name: 'Enter a name.' } }), (p) => p).formMessage).toBe('');
    const conflict = new ApiFailure(409, 'CONFLICT', 'A coupon with this code already exists.');
    expect(splitFailure(conflict, (p) => p)).toEqual({
      fields: {},
      formMessage: 'A coupon with this code already exists.',
    });
    expect(splitFailure(offline(), (p) => p).formMessage).toBe(NETWORK_ERROR);
  });
});
