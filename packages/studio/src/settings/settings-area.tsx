import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/** Site settings: contributors and roles, languages, the mail outbox. */
const sections: readonly AreaSection[] = [
  {
    id: 'people',
    label: 'People',
    screen: lazy(() => import('./people-screen').then((m) => ({ default: m.PeopleScreen }))),
  },
  {
    id: 'languages',
    label: 'Languages',
    screen: lazy(() => import('./languages-screen').then((m) => ({ default: m.LanguagesScreen }))),
  },
  {
    id: 'mail',
    label: 'Mail',
    screen: lazy(() => import('./mail-screen').then((m) => ({ default: m.MailScreen }))),
  },
];

export function SettingsArea({ path }: { path: string }) {
  return <SectionArea area="settings" label="Settings" path={path} sections={sections} />;
}
