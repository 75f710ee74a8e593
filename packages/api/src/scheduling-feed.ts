import { z } from 'zod';
import { id, okBody } from './common';

/**
 * A staff member's bookings as a calendar feed (`/calendar/<secret>.ics`) that Google Calendar
 * or Apple Calendar subscribe to. The address is shown once, when issued (only its hash is
 * kept); issuing a new one or revoking stops the old one (it answers 404).
 */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  /** When the live address was issued (null: none). */
  createdAt: z.string().nullable(),
});

const staffParams = z.object({ staffId: id });

export const schedulingFeedRoutes = {
  'GET /api/studio/scheduling/staff/:staffId/calendar-feed': {
    summary: 'Scheduling: whether a staff member’s calendar feed address is live',
    params: staffParams,
    response: calendarFeedStatus,
  },
  'POST /api/studio/scheduling/staff/:staffId/calendar-feed': {
    summary: 'Scheduling: issue a new calendar feed address (the old one stops); shown this once',
    status: 201,
    params: staffParams,
    response: calendarFeedStatus.extend({ url: z.string() }),
  },
  'DELETE /api/studio/scheduling/staff/:staffId/calendar-feed': {
    summary: 'Scheduling: revoke the calendar feed address (it answers 404 from now on)',
    params: staffParams,
    response: okBody,
  },
} as const;
