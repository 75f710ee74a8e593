import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/** Forms: the builder, each form's submissions, and the mailing lists opt-ins build. */
const sections: readonly AreaSection[] = [
  {
    id: 'forms',
    label: 'Forms',
    screen: lazy(() => import('./forms-screen').then((m) => ({ default: m.FormsScreen }))),
  },
  {
    id: 'submissions',
    label: 'Submissions',
    screen: lazy(() => import('./submissions-screen').then((m) => ({ default: m.SubmissionsScreen }))),
  },
  {
    id: 'lists',
    label: 'Mailing lists',
    screen: lazy(() => import('../marketing/lists-screen').then((m) => ({ default: m.ListsScreen }))),
  },
  {
    id: 'popup',
    label: 'Popup',
    screen: lazy(() => import('../popup/popup-screen').then((m) => ({ default: m.PopupScreen }))),
  },
];

export function FormsArea({ path }: { path: string }) {
  return <SectionArea area="forms" label="Forms" path={path} sections={sections} />;
}
