import { lazy } from 'react';
import { type AreaSection, SectionArea } from '../components/section-area';

/** Site settings: contributors and roles, languages, the domain and mail, sign-in with SSO, the mail outbox, API tokens and webhooks. */
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
    id: 'domain-mail',
    label: 'Domain & mail',
    screen: lazy(() => import('./domain-mail-screen').then((m) => ({ default: m.DomainMailScreen }))),
  },
  {
    id: 'sso',
    label: 'Sign-in with SSO',
    screen: lazy(() => import('./sso-screen').then((m) => ({ default: m.SsoScreen }))),
  },
  {
    id: 'places',
    label: 'Address suggestions',
    screen: lazy(() => import('./places-screen').then((m) => ({ default: m.PlacesScreen }))),
  },
  {
    id: 'mail',
    label: 'Outbox',
    screen: lazy(() => import('./mail-screen').then((m) => ({ default: m.MailScreen }))),
  },
  {
    id: 'developers',
    label: 'Developers',
    screen: lazy(() => import('./developers-screen').then((m) => ({ default: m.DevelopersScreen }))),
  },
];

export function SettingsArea({ path }: { path: string }) {
  return <SectionArea area="settings" label="Settings" path={path} sections={sections} />;
}
