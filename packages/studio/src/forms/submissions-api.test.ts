import { describe, expect, it } from 'vitest';
import { ApiFailure, NETWORK_ERROR } from '../api';
import { dateText, failureMessage, submissionsCsvUrl, submissionsPath } from './submissions-api';

describe('submissions helpers', () => {
  it('link to a form’s submissions with its id escaped', () => {
    expect(submissionsPath()).toBe('/config/forms/submissions');
    expect(submissionsPath('f 1')).toBe('/config/forms/submissions/f%201');
  });

  it('export exactly what the search shows (the query escaped), or everything', () => {
    expect(submissionsCsvUrl('f1')).toBe('/api/owner/forms/f1/submissions.csv');
    expect(submissionsCsvUrl('f1', 'a&b=c')).toBe('/api/owner/forms/f1/submissions.csv?q=a%26b%3Dc');
  });

  it('show no date for a row without one, and a readable one otherwise', () => {
    expect(dateText(undefined)).toBe('');
    expect(dateText('2026-03-01T09:30:00.000Z')).toMatch(/2026/);
  });

  it("say the server's message, else the network one", () => {
    expect(failureMessage(new ApiFailure(404, 'NOT_FOUND', 'No such form.'))).toBe('No such form.');
    expect(failureMessage(new Error('x'))).toBe(NETWORK_ERROR);
  });
});
