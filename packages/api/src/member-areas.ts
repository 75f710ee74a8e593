import { z } from 'zod';
import { emailAddress, id, okBody } from './common';

/**
 * Member areas (Studio → Members): an area, what it unlocks (pages, collections, single items,
 * blocks on a page, digital products' files) and who is in it. Its plans are in member-plans.ts.
 */

export const MEMBER_AREA_MESSAGES = {
  nameRequired: 'Please enter a name for the area.',
  slugInvalid: 'Use lowercase letters, digits and hyphens for the address.',
  slugTaken: 'Another area already uses this address.',
  areaNotFound: 'This member area does not exist.',
  contentUnknown: 'Some of what you chose is not part of this site any more. Reload and try again.',
  customerNotFound: 'No customer account uses this e-mail address. They need an account first.',
  alreadyMember: 'This customer is already a member of the area.',
  membershipNotFound: 'This membership does not exist.',
  emailInvalid: 'Please enter a valid e-mail address.',
} as const;

export const MEMBER_CONTENT_KINDS = ['page', 'collection', 'item', 'block', 'download'] as const;
export type MemberContentKindName = (typeof MEMBER_CONTENT_KINDS)[number];

export const memberAreaInput = z.object({
  name: z.string().trim().min(1, MEMBER_AREA_MESSAGES.nameRequired).max(120),
  /** Empty: made from the name. */
  slug: z
    .string()
    .trim()
    .max(80)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, MEMBER_AREA_MESSAGES.slugInvalid)
    .default(''),
  description: z.string().max(2000).default(''),
  /** Shown on the access-denied page above the join button; empty = the theme's words. */
  deniedMessage: z.string().max(2000).default(''),
});
export type MemberAreaInput = z.output<typeof memberAreaInput>;

export const memberArea = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  deniedMessage: z.string(),
  position: z.number().int(),
  /** Live memberships (access now). */
  memberCount: z.number().int(),
  /** Things the area unlocks. */
  contentCount: z.number().int(),
  joinPath: z.string(),
});
export type MemberArea = z.infer<typeof memberArea>;

/** One thing an area unlocks, as the studio names it. */
export const memberContentEntry = z.object({
  kind: z.enum(MEMBER_CONTENT_KINDS),
  /** Its id (a block: '<page id>:<block id>'; a download: the digital product's item id). */
  ref: z.string().min(1).max(200),
});

/** Something an area could unlock, with words for the picker. */
export const memberContentChoice = memberContentEntry.extend({
  label: z.string(),
  /** Where it lives ("Blog", "About · Text block"). */
  detail: z.string(),
});
export type MemberContentChoice = z.infer<typeof memberContentChoice>;

export const memberAreaContent = z.object({
  content: z.array(memberContentChoice),
  choices: z.array(memberContentChoice),
});

export const areaMember = z.object({
  id: z.string(),
  email: z.string(),
  since: z.string(),
  planName: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'ended']),
  source: z.enum(['free', 'order', 'subscription', 'owner']),
  endsAt: z.string().nullable(),
  /** Access now (live status, not past its end). */
  hasAccess: z.boolean(),
});
export type AreaMember = z.infer<typeof areaMember>;

const areaParams = z.object({ areaId: id });

export const memberAreaRoutes = {
  'GET /api/studio/members/areas': {
    summary: 'Member areas: every area of the site with its counts',
    response: z.object({ areas: z.array(memberArea) }),
  },
  'POST /api/studio/members/areas': {
    summary: 'Member areas: add an area',
    body: memberAreaInput,
    response: memberArea,
    status: 201,
  },
  'PUT /api/studio/members/areas/:areaId': {
    summary: 'Member areas: change an area’s name, address, description or access-denied message',
    params: areaParams,
    body: memberAreaInput,
    response: memberArea,
  },
  'DELETE /api/studio/members/areas/:areaId': {
    summary: 'Member areas: delete an area (what it locked becomes public; its memberships go)',
    params: areaParams,
    response: okBody,
  },
  'GET /api/studio/members/areas/:areaId/content': {
    summary: 'Member areas: what an area unlocks, and what it could',
    params: areaParams,
    response: memberAreaContent,
  },
  'PUT /api/studio/members/areas/:areaId/content': {
    summary: 'Member areas: set what an area unlocks (pages, collections, items, blocks, downloads)',
    params: areaParams,
    body: z.object({ content: z.array(memberContentEntry).max(2000) }),
    response: memberAreaContent,
  },
  'GET /api/studio/members/areas/:areaId/members': {
    summary: 'Member areas: who is in an area (since, plan, status, end)',
    params: areaParams,
    response: z.object({ members: z.array(areaMember) }),
  },
  'POST /api/studio/members/areas/:areaId/members': {
    summary: 'Member areas: add a customer to an area by e-mail (the owner grants it)',
    params: areaParams,
    body: z.object({ email: emailAddress(MEMBER_AREA_MESSAGES.emailInvalid) }),
    response: areaMember,
    status: 201,
  },
  'DELETE /api/studio/members/areas/:areaId/members/:membershipId': {
    summary: 'Member areas: remove a member (access ends now)',
    params: z.object({ areaId: id, membershipId: id }),
    response: okBody,
  },
} as const;
