import type { ApiInput, ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { call } from '../api';

export type Permissions = ApiOutput<'GET /api/studio/permissions'>;
export type Contributor = ApiOutput<'GET /api/studio/contributors'>['contributors'][number];
export type Invitation = ApiOutput<'GET /api/studio/contributors/invitations'>['invitations'][number];
export type Role = ApiOutput<'GET /api/studio/contributors'>['roles'][number];

/** Contributors and roles (server: routes/contributors.routes.ts). */
export const peopleApi = {
  permissions: () => call('GET /api/studio/permissions'),
  contributors: () => call('GET /api/studio/contributors'),
  changeRole: (id: string, roleCode: number) =>
    call('PUT /api/studio/contributors/:id', { params: { id }, body: { roleCode } }),
  remove: (id: string) => call('DELETE /api/studio/contributors/:id', { params: { id } }),
  invitations: () => call('GET /api/studio/contributors/invitations'),
  invite: (email: string, roleCode: number) =>
    call('POST /api/studio/contributors/invitations', { body: { email, roleCode } }),
  revoke: (id: string) => call('DELETE /api/studio/contributors/invitations/:id', { params: { id } }),
  accept: (body: ApiInput<'POST /api/studio/contributors/invitations/accept'>['body']) =>
    call('POST /api/studio/contributors/invitations/accept', { body }),
};

/**
 * What the studio shows of each top tab: the capabilities (plugins/permissions.ts on the
 * server) any one of which opens it. Hiding is a courtesy; the server refuses regardless.
 */
const TAB_CAPABILITIES: Record<string, string[]> = {
  pages: ['pages'],
  // The header and footer have no draft: saving them is publishing.
  'header-footer': ['publish'],
  media: ['media'],
  design: ['design'],
  commerce: ['products', 'inventory', 'orders', 'storeSettings', 'reviews'],
  // The popup is part of the design (a newsletter sign-up over the pages).
  forms: ['forms', 'submissions', 'design'],
  analytics: ['analytics'],
  scheduling: ['scheduling', 'schedulingSetup'],
  // Member areas: what they unlock (pages, publish) and who is in them (orders: customers).
  members: ['pages', 'orders'],
  marketing: ['marketing'],
  settings: ['people', 'languages', 'mail', 'domain'],
};

/** Sections inside the areas (`area/section`): the one capability each needs. */
const SECTION_CAPABILITIES: Record<string, string> = {
  'commerce/products': 'products',
  'commerce/inventory': 'inventory',
  'commerce/orders': 'orders',
  'commerce/subscriptions': 'orders',
  'commerce/settings': 'storeSettings',
  'commerce/customers': 'orders',
  'commerce/reviews': 'reviews',
  'commerce/gift-cards': 'orders',
  'forms/forms': 'forms',
  'forms/submissions': 'submissions',
  'forms/lists': 'submissions',
  'forms/popup': 'design',
  'settings/people': 'people',
  'settings/languages': 'languages',
  'settings/mail': 'mail',
  'settings/domain-mail': 'domain',
  'settings/places': 'domain',
  // API tokens and webhooks: the owner's and admins' like the domain (plugins/permissions.ts).
  'settings/developers': 'domain',
};

/** A section not in the table shows for everyone (the server still decides). */
export function canOpenSection(permissions: Permissions | null, area: string, section: string): boolean {
  const capability = SECTION_CAPABILITIES[`${area}/${section}`];
  if (!permissions || !capability) return true;
  return Boolean(permissions.grants[capability]);
}

/**
 * May the signed-in person change what `capability` covers (a write grant)? Controls they
 * cannot use are hidden; until the answer arrives everything shows (the server decides).
 */
export function mayChange(permissions: Permissions | null, capability: string): boolean {
  return !permissions || permissions.grants[capability] === 'write';
}

export function canOpenTab(permissions: Permissions | null, tab: string): boolean {
  // Until the answer arrives (or if it fails) everything shows: the server still decides.
  if (!permissions) return true;
  return (TAB_CAPABILITIES[tab] ?? []).some((capability) => permissions.grants[capability]);
}

// Asked once per page load: signing in, out or accepting an invitation reloads the page.
let loading: Promise<Permissions | null> | null = null;
let loaded: Permissions | null = null;

/** The signed-in person's permissions (shared by the shell and the areas' section lists). */
export function usePermissions(): Permissions | null {
  const [permissions, setPermissions] = useState<Permissions | null>(loaded);
  useEffect(() => {
    loading ??= peopleApi.permissions().then(
      (answer) => {
        loaded = answer;
        return answer;
      },
      () => {
        loading = null;
        return null;
      },
    );
    let live = true;
    loading.then((answer) => live && setPermissions(answer));
    return () => {
      live = false;
    };
  }, []);
  return permissions;
}
