import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/**
 * Scheduling: the calendar of bookings (capability `scheduling`), appointment types and the
 * staff with their hours (`schedulingSetup`: the scheduling role changes them, the editor and
 * viewer read them).
 */
const sections: readonly AreaSection[] = [
  {
    id: 'calendar',
    label: 'Calendar',
    screen: lazy(() => import('./calendar-screen').then((m) => ({ default: m.CalendarScreen }))),
  },
  {
    id: 'types',
    label: 'Appointment types',
    screen: lazy(() => import('./types-screen').then((m) => ({ default: m.TypesScreen }))),
  },
  {
    id: 'staff',
    label: 'Staff & hours',
    screen: lazy(() => import('./staff-screen').then((m) => ({ default: m.StaffScreen }))),
  },
];

export function SchedulingArea({ path }: { path: string }) {
  return <SectionArea area="scheduling" label="Scheduling" path={path} sections={sections} />;
}
