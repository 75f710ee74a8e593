import { describe, expect, it } from 'vitest';
import {
  AUTOMATED_MOCK_ID,
  deviceAllowsRecording,
  isRecordingId,
  mayRecordSession,
  siteAllowsRecording,
} from './session-replay-rule';

const allowed = {
  storeCountry: 'US',
  enabled: true,
  timeZone: 'America/New_York',
  cpuCores: 4,
  recordingId: 'sr_abc',
};

describe('session recording start rule', () => {
  it('starts when every condition holds', () => {
    expect(mayRecordSession(allowed)).toBe(true);
  });

  it.each([
    ['the toggle is off', { enabled: false }],
    ['the store is not in the US', { storeCountry: 'CA' }],
    ['the store country is unknown', { storeCountry: null }],
    ['the time zone is not an America one', { timeZone: 'Europe/Berlin' }],
    ['the time zone is unknown', { timeZone: undefined }],
    ['the device has 2 cores', { cpuCores: 2 }],
    ['the core count is unknown', { cpuCores: undefined }],
    ['the id is the automated mock id', { recordingId: AUTOMATED_MOCK_ID }],
    ['there is no id', { recordingId: '' }],
  ])('does not start when %s', (_what, change) => {
    expect(mayRecordSession({ ...allowed, ...change })).toBe(false);
  });

  it('splits into the site, device and id parts', () => {
    expect(siteAllowsRecording({ storeCountry: 'us', enabled: true })).toBe(true);
    expect(siteAllowsRecording({ storeCountry: 'US' })).toBe(false);
    expect(deviceAllowsRecording({ timeZone: 'America/Chicago', cpuCores: 3 })).toBe(true);
    expect(deviceAllowsRecording({ timeZone: 'America/Chicago', cpuCores: Number.NaN })).toBe(false);
    expect(isRecordingId('sr_x')).toBe(true);
    expect(isRecordingId(AUTOMATED_MOCK_ID)).toBe(false);
  });
});
