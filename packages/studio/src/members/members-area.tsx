import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/**
 * Members: member areas, what each unlocks (pages, collections, posts and lessons, blocks,
 * digital files), their plans and their members. docs/members.md.
 */
const sections: readonly AreaSection[] = [
  {
    id: 'areas',
    label: 'Member areas',
    screen: lazy(() => import('./areas-screen').then((m) => ({ default: m.AreasScreen }))),
  },
];

export function MembersArea({ path }: { path: string }) {
  return <SectionArea area="members" label="Members" path={path} sections={sections} />;
}
