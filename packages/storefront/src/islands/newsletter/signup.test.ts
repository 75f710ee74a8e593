import { ApiFailure } from '@store/api/client';
import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES, failureMessage } from './signup';

describe('newsletter block sign-up messages', () => {
  it('shows the server’s words for a refused sign-up, and a general line otherwise', () => {
    const outdated = 'This sign-up form is out of date. Reload the page and try again.';
    expect(failureMessage(new ApiFailure(400, 'VALIDATION_FAILED', outdated))).toBe(outdated);
    expect(failureMessage(new ApiFailure(404, 'NOT_FOUND', outdated))).toBe(outdated);
    expect(failureMessage(new ApiFailure(429, 'RATE_LIMITED', 'Too many requests.'))).toBe(
      'Too many requests.',
    );
    expect(failureMessage(new ApiFailure(500, 'INTERNAL_ERROR', 'Something went wrong'))).toBe(
      SIGNUP_MESSAGES.failed,
    );
    expect(failureMessage(new ApiFailure(0, 'NETWORK', 'offline', false, true))).toBe(SIGNUP_MESSAGES.failed);
    expect(failureMessage(new Error('boom'))).toBe(SIGNUP_MESSAGES.failed);
    expect(SIGNUP_MESSAGES.invalid).toBe('Please enter a valid email');
  });
});
