import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/** Marketing: the mailing lists sign-ups fill, and what is sent to them. */
const sections: readonly AreaSection[] = [
  {
    id: 'lists',
    label: 'Mailing lists',
    screen: lazy(() => import('./lists-screen').then((m) => ({ default: m.ListsScreen }))),
  },
  {
    id: 'segments',
    label: 'Segments',
    screen: lazy(() => import('./segments-screen').then((m) => ({ default: m.SegmentsScreen }))),
  },
  {
    id: 'integrations',
    label: 'Integrations',
    screen: lazy(() => import('./integrations-screen').then((m) => ({ default: m.IntegrationsScreen }))),
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    screen: lazy(() => import('./campaigns-screen').then((m) => ({ default: m.CampaignsScreen }))),
  },
];

export function MarketingArea({ path }: { path: string }) {
  return <SectionArea area="marketing" label="Marketing" path={path} sections={sections} />;
}
