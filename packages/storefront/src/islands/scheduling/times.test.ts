import { describe, expect, it } from 'vitest';
import { addMonths, byDate, dateKey, offsetMinutes, siteMonthsFor, zoneLabel } from './times';

describe('the visitor’s times', () => {
  it('groups UTC instants by the visitor’s own dates', () => {
    // 09:00 and 16:15 in New York on Monday 30 November are Monday 23:00 and Tuesday 06:15 in Tokyo.
    const slots = [{ start: '2026-11-30T21:15:00Z' }, { start: '2026-11-30T14:00:00Z' }];
    const days = byDate(slots, 'Asia/Tokyo');
    expect([...days.keys()]).toEqual(['2026-11-30', '2026-12-01']);
    expect(dateKey('2026-11-30T14:00:00Z', 'America/New_York')).toBe('2026-11-30');
  });

  it('knows a zone’s offset, with daylight saving and half hours', () => {
    expect(offsetMinutes('Asia/Tokyo')).toBe(540);
    expect(offsetMinutes('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe(-240);
    expect(offsetMinutes('America/New_York', new Date('2026-12-01T12:00:00Z'))).toBe(-300);
    expect(offsetMinutes('Asia/Kolkata')).toBe(330);
    expect(zoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo (GMT+9)');
  });

  it('asks the site’s neighbouring month whose last or first hours are the visitor’s month', () => {
    expect(siteMonthsFor('2026-12', 'Asia/Tokyo', 'America/New_York')).toEqual(['2026-11', '2026-12']);
    expect(siteMonthsFor('2026-12', 'America/Los_Angeles', 'America/New_York')).toEqual([
      '2026-12',
      '2027-01',
    ]);
    expect(siteMonthsFor('2026-12', 'America/New_York', 'America/New_York')).toEqual(['2026-12']);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
