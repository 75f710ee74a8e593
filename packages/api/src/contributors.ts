import { z } from 'zod';
import { ACCOUNT_PASSWORD } from './customer-account';
import { id, okBody, visitorEmail } from './common';
import { API_MESSAGES } from './messages';

/**
 * Spec §3 contributor roles: code → name (5 is not a role). The server's permission table
 * (packages/server/src/plugins/permissions.ts) says what each may do; the studio lists them.
 */
export const CONTRIBUTOR_ROLES = {
  1: 'Admin',
  2: 'Billing',
  3: 'Reporting',
  4: 'Editor',
  6: 'Moderator',
  7: 'Commenter',
  8: 'Store manager',
  9: 'Scheduling',
  10: 'Viewer',
  11: 'Campaigns editor',
  12: 'Scheduling viewer',
  13: 'Scheduling editor',
  14: 'None',
  15: 'Website manager',
  16: 'Draft editor',
} as const;
export type ContributorRoleCode = keyof typeof CONTRIBUTOR_ROLES;
export const CONTRIBUTOR_ROLE_CODES = Object.keys(CONTRIBUTOR_ROLES).map(Number) as ContributorRoleCode[];

const roleCode = z
  .number({ message: 'Choose a role.' })
  .int()
  .refine((code) => Object.hasOwn(CONTRIBUTOR_ROLES, code), 'Choose one of the contributor roles.');

const contributor = z.object({
  id: z.string(),
  email: z.string(),
  roleCode: z.number().int(),
  roleName: z.string(),
  createdAt: z.string(),
});

const invitation = z.object({
  id: z.string(),
  email: z.string(),
  roleCode: z.number().int(),
  roleName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

const access = z.enum(['read', 'write']);

export const contributorRoutes = {
  'GET /api/studio/permissions': {
    summary: 'Studio: what the signed-in owner or contributor may read and change',
    response: z.object({
      role: z.enum(['OWNER', 'CONTRIBUTOR']),
      roleCode: z.number().int().nullable(),
      roleName: z.string(),
      grants: z.record(z.string(), access),
    }),
  },
  'GET /api/studio/contributors': {
    summary: 'Studio: the contributors of the site with their roles',
    response: z.object({
      contributors: z.array(contributor),
      /** The roles in the spec's order; `grantable`: the signed-in person may give it (no role above their own). */
      roles: z.array(z.object({ code: z.number().int(), name: z.string(), grantable: z.boolean() })),
    }),
  },
  'PUT /api/studio/contributors/:id': {
    summary: "Studio: change a contributor's role",
    params: z.object({ id }),
    body: z.object({ roleCode }),
    response: z.object({ contributor }),
  },
  'DELETE /api/studio/contributors/:id': {
    summary: 'Studio: remove a contributor (the account stays a customer account, signed out)',
    params: z.object({ id }),
    response: okBody,
  },
  'GET /api/studio/contributors/invitations': {
    summary: 'Studio: invitations not yet accepted (expired ones included, marked by expiresAt)',
    response: z.object({ invitations: z.array(invitation) }),
  },
  'POST /api/studio/contributors/invitations': {
    summary: 'Studio: invite a contributor by e-mail with a role (mails a link valid 7 days)',
    status: 201,
    body: z.object({ email: visitorEmail, roleCode }),
    response: z.object({ invitation }),
  },
  'DELETE /api/studio/contributors/invitations/:id': {
    summary: 'Studio: revoke an invitation (its link stops working)',
    params: z.object({ id }),
    response: okBody,
  },
  'POST /api/studio/contributors/invitations/accept': {
    summary:
      'Accept an invitation with the address it was sent to: a new account sets `password`; an existing account (a customer) proves itself with `currentPassword`. Signs the contributor in',
    body: z
      .object({
        token: z.string().min(1).max(128),
        /** The invited address, typed again; another address is answered like an invalid link. */
        email: visitorEmail,
        password: z
          .string({ message: API_MESSAGES.accountPasswordShort })
          .min(ACCOUNT_PASSWORD.min, API_MESSAGES.accountPasswordShort)
          .max(ACCOUNT_PASSWORD.max, API_MESSAGES.accountPasswordLong)
          .refine((p) => p.trim().length > 0, API_MESSAGES.accountPasswordShort)
          .optional(),
        currentPassword: z.string().min(1).max(ACCOUNT_PASSWORD.max).optional(),
      })
      .refine((b) => b.password !== undefined || b.currentPassword !== undefined, {
        message: API_MESSAGES.accountPasswordShort,
        path: ['password'],
      }),
    response: z.object({ xsrfToken: z.string(), email: z.string(), roleName: z.string() }),
  },
} as const;
