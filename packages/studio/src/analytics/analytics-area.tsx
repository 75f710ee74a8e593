import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/** The owner's numbers as pictures. */
const sections: readonly AreaSection[] = [
  {
    id: 'overview',
    label: 'Overview',
    screen: lazy(() => import('./analytics-screen').then((m) => ({ default: m.AnalyticsScreen }))),
  },
  {
    id: 'ab-tests',
    label: 'A/B tests',
    screen: lazy(() => import('./ab-tests-screen').then((m) => ({ default: m.AbTestsScreen }))),
  },
  {
    id: 'sessions',
    label: 'Sessions',
    screen: lazy(() => import('./sessions-screen').then((m) => ({ default: m.SessionsScreen }))),
  },
];

export function AnalyticsArea({ path }: { path: string }) {
  return <SectionArea area="analytics" label="Analytics" path={path} sections={sections} />;
}
