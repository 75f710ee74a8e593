import { describe, expect, it } from 'vitest';
import {
  type BookingEvent,
  bookingFeed,
  bookingInvitation,
  bookingUid,
} from '../../src/services/scheduling/ics';

const organizer = { name: 'Juniper & Oak', email: 'hello@shop.example.com', host: 'shop.example.com' };
const booking: BookingEvent = {
  bookingId: 'b_123',
  sequence: 0,
  start: new Date('2027-03-08T14:00:00Z'),
  end: new Date('2027-03-08T14:45:00Z'),
  summary: 'Consultation',
  location: null,
  videoUrl: 'https://meet.example.com/abc',
  manageUrl: 'https://shop.example.com/scheduling/manage/b_123?token=sig',
  attendee: { name: 'Ada Visitor', email: 'ada@example.com' },
};

/** The unfolded lines of an iCalendar text (RFC 5545 §3.1: a line may continue after CRLF + space). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const value = (ics: string, name: string) =>
  lines(ics)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

describe('a booking as iCalendar', () => {
  it('an invitation is a REQUEST with the booking as one event in UTC, the site as organiser', () => {
    const ics = bookingInvitation(organizer, booking, 'request', new Date('2027-03-01T00:00:00Z'));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(value(ics, 'METHOD')).toBe('REQUEST');
    expect(lines(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(value(ics, 'UID')).toBe('booking-b_123@shop.example.com');
    expect(value(ics, 'SEQUENCE')).toBe('0');
    expect(value(ics, 'DTSTART')).toBe('20270308T140000Z');
    expect(value(ics, 'DTEND')).toBe('20270308T144500Z');
    expect(value(ics, 'SUMMARY')).toBe('Consultation');
    expect(value(ics, 'STATUS')).toBe('CONFIRMED');
    // No place: the video link is where the meeting is.
    expect(value(ics, 'LOCATION')).toBe('https://meet.example.com/abc');
    const organizerLine = lines(ics).find((l) => l.startsWith('ORGANIZER'));
    expect(organizerLine).toMatch(/mailto:hello@shop\.example\.com$/i);
    expect(organizerLine).toContain('CN="Juniper & Oak"');
    expect(lines(ics).find((l) => l.startsWith('ATTENDEE'))).toMatch(/mailto:ada@example\.com$/i);
    // The description carries the manage link (escaped per RFC 5545: \n for a new line).
    expect(value(ics, 'DESCRIPTION')).toContain(
      'Reschedule or cancel: https://shop.example.com/scheduling/manage/b_123?token=sig',
    );
    expect(value(ics, 'DESCRIPTION')).toContain('Video link: https://meet.example.com/abc\\n');
  });

  it('a reschedule keeps the UID and raises the SEQUENCE; a cancellation is METHOD:CANCEL', () => {
    const moved = bookingInvitation(
      organizer,
      {
        ...booking,
        sequence: 1,
        start: new Date('2027-03-09T15:00:00Z'),
        end: new Date('2027-03-09T15:45:00Z'),
      },
      'request',
    );
    expect(value(moved, 'UID')).toBe(bookingUid('b_123', 'shop.example.com'));
    expect(value(moved, 'SEQUENCE')).toBe('1');
    expect(value(moved, 'DTSTART')).toBe('20270309T150000Z');

    const cancelled = bookingInvitation(organizer, { ...booking, sequence: 2 }, 'cancel');
    expect(value(cancelled, 'METHOD')).toBe('CANCEL');
    expect(value(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(value(cancelled, 'UID')).toBe('booking-b_123@shop.example.com');
    expect(value(cancelled, 'SEQUENCE')).toBe('2');
  });

  it('a place wins the LOCATION; text with commas and semicolons is escaped', () => {
    const ics = bookingInvitation(
      organizer,
      {
        ...booking,
        summary: 'Cut; colour, style',
        location: '12 High St, Room 2',
      },
      'request',
    );
    expect(value(ics, 'LOCATION')).toBe('12 High St\\, Room 2');
    expect(value(ics, 'SUMMARY')).toBe('Cut\\; colour\\, style');
  });

  it('a feed lists every booking under its own UID, PUBLISH, named, with cancelled ones marked', () => {
    const feed = bookingFeed(organizer, 'Sam – Juniper & Oak', [
      booking,
      { ...booking, bookingId: 'b_456', attendee: null, manageUrl: null, status: 'cancelled' },
    ]);
    expect(value(feed, 'METHOD')).toBe('PUBLISH');
    expect(value(feed, 'X-WR-CALNAME')).toBe('Sam – Juniper & Oak');
    expect(lines(feed).filter((l) => l.startsWith('UID:'))).toEqual([
      'UID:booking-b_123@shop.example.com',
      'UID:booking-b_456@shop.example.com',
    ]);
    expect(lines(feed).filter((l) => l.startsWith('STATUS:'))).toEqual([
      'STATUS:CONFIRMED',
      'STATUS:CANCELLED',
    ]);
  });

  it('a host with odd characters still makes a valid UID', () => {
    expect(bookingUid('x', 'shop.example.com:3000')).toBe('booking-x@shop.example.com3000');
    expect(bookingUid('x', '')).toBe('booking-x@localhost');
  });
});
