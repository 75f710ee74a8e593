import { CONTRIBUTOR_ROLES, CONTRIBUTOR_ROLE_CODES, type ContributorRoleCode } from '@store/api';

/**
 * Who may do what in the studio (docs/permissions.md): the capabilities, which spec §3
 * contributor role holds each at which level, and who may hand out which role. Domain policy:
 * services (invitations, role changes, the outbox) decide with it; the per-route table that
 * applies it to every owner route is plugins/permissions.ts.
 */

export const CAPABILITIES = {
  studio: 'the studio',
  pages: 'pages',
  publish: 'publishing',
  blog: 'blog posts',
  design: 'the design',
  media: 'media',
  products: 'products',
  inventory: 'inventory',
  orders: 'orders',
  storeSettings: 'store settings',
  reviews: 'reviews',
  forms: 'forms',
  submissions: 'form submissions',
  analytics: 'analytics',
  mail: 'mail',
  domain: 'the domain and mail settings',
  people: 'people',
  languages: 'languages',
  scheduling: 'scheduling',
  schedulingSetup: 'appointment types, staff and hours',
  marketing: 'mailing lists, campaigns and their integrations',
} as const;
export type Capability = keyof typeof CAPABILITIES;
export type Access = 'read' | 'write';

/** Spec §3 contributor roles (code → name) live in the API package: the studio lists them too. */
export { CONTRIBUTOR_ROLES };
export type RoleCode = ContributorRoleCode;
export const ROLE_CODES: readonly RoleCode[] = CONTRIBUTOR_ROLE_CODES;
export const ADMIN_ROLE: RoleCode = 1;

export function isRoleCode(code: unknown): code is RoleCode {
  return typeof code === 'number' && Object.hasOwn(CONTRIBUTOR_ROLES, code);
}

export type Grants = Partial<Record<Capability, Access>>;
const ALL = Object.keys(CAPABILITIES) as Capability[];
const every = (access: Access, except: Capability[] = []): Grants =>
  Object.fromEntries(ALL.filter((c) => !except.includes(c)).map((c) => [c, access]));

/**
 * What each role may do. `write` includes `read`. Rationale per role in docs/permissions.md.
 * People management (invitations, roles) stays with the owner and admins.
 */
export const ROLE_GRANTS: Record<RoleCode, Grants> = {
  1: every('write'),
  2: { studio: 'read', orders: 'read', storeSettings: 'write', analytics: 'read' },
  3: { studio: 'read', analytics: 'read' },
  4: {
    studio: 'read',
    pages: 'write',
    publish: 'write',
    blog: 'write',
    design: 'write',
    media: 'write',
    forms: 'write',
    languages: 'write',
  },
  6: { studio: 'read', reviews: 'write', blog: 'read', submissions: 'read' },
  7: { studio: 'read', blog: 'read', reviews: 'read' },
  8: {
    studio: 'read',
    products: 'write',
    inventory: 'write',
    orders: 'write',
    storeSettings: 'write',
    reviews: 'write',
    media: 'write',
    analytics: 'read',
    pages: 'read',
  },
  9: { studio: 'read', scheduling: 'write', schedulingSetup: 'write' },
  10: every('read', ['people']),
  11: {
    studio: 'read',
    submissions: 'write',
    mail: 'read',
    analytics: 'read',
    forms: 'read',
    marketing: 'write',
  },
  12: { studio: 'read', scheduling: 'read', schedulingSetup: 'read' },
  13: { studio: 'read', scheduling: 'write', schedulingSetup: 'read' },
  14: {},
  // The public address and the SMTP connection decide where every link in the site's mail
  // leads and whose server sends it: changed by the owner and admins only.
  15: { ...every('write', ['people', 'domain']), domain: 'read' },
  16: { studio: 'read', pages: 'write', blog: 'read', design: 'read', media: 'write' },
};

export function roleName(code: number | null | undefined): string {
  return isRoleCode(code) ? CONTRIBUTOR_ROLES[code] : 'Unknown';
}

/** The access a role has to a capability (none → null). */
export function accessOf(code: number | null | undefined, capability: Capability): Access | null {
  if (!isRoleCode(code)) return null;
  return ROLE_GRANTS[code][capability] ?? null;
}

export function mayAccess(code: number | null | undefined, capability: Capability, access: Access): boolean {
  const held = accessOf(code, capability);
  return held === 'write' || (held === 'read' && access === 'read');
}

/** Everything a role may do, for the studio (which hides what it cannot open). */
export function grantsOf(roleCode: number | null | undefined): Grants {
  return isRoleCode(roleCode) ? { ...ROLE_GRANTS[roleCode] } : {};
}
export const OWNER_GRANTS: Grants = every('write');

/** Does `holder` cover every grant of `wanted` (write covers read)? */
export function grantsCover(holder: Grants, wanted: Grants): boolean {
  return (Object.entries(wanted) as [Capability, Access][]).every(([capability, access]) => {
    const held = holder[capability];
    return held === 'write' || (held === 'read' && access === 'read');
  });
}

/** Who is acting: the site's owner, or a contributor with a role code. */
export interface Actor {
  role: string;
  contributorRole: number | null;
}

const actorGrants = (actor: Actor): Grants =>
  actor.role === 'OWNER' ? OWNER_GRANTS : actor.role === 'CONTRIBUTOR' ? grantsOf(actor.contributorRole) : {};

/**
 * Nobody hands out more than they hold: a role may be given (by invitation or a role change)
 * only by someone whose own grants cover all of that role's. The owner and admins hold every
 * grant and may give any role; a role that manages people without holding everything may
 * give roles up to its own and no further, so it can never make an admin.
 */
export function mayGrantRole(actor: Actor, roleCode: number): boolean {
  return isRoleCode(roleCode) && grantsCover(actorGrants(actor), ROLE_GRANTS[roleCode]);
}

/**
 * Links and codes in mail (invitations, order and download links, gift card codes) are for
 * the person they were sent to. Only readers who already hold every grant, the owner and
 * admins, see them in the outbox: to anyone else an invitation link would be a way to a
 * role above their own.
 */
export function mayReadMailSecrets(actor: Actor): boolean {
  return grantsCover(actorGrants(actor), OWNER_GRANTS);
}
