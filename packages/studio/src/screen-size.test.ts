import { describe, expect, it } from 'vitest';
import { MOBILE_MAX_WIDTH, deviceViews, screenSize } from './screen-size';

describe('screenSize (spec §2)', () => {
  it.each([
    [320, 'mobile'],
    [432, 'mobile'],
    [433, 'desktop'],
    [1280, 'desktop'],
  ])('%i px is %s', (width, size) => {
    expect(screenSize(width)).toBe(size);
  });

  it('keeps the phone view within the mobile width', () => {
    const phone = deviceViews.find((d) => d.id === 'phone')!;
    expect(phone.width).toBeLessThanOrEqual(MOBILE_MAX_WIDTH);
    expect(screenSize(phone.width)).toBe('mobile');
  });
});
