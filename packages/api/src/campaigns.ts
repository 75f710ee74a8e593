import { z } from 'zod';
import { visitorEmail } from './common';
import { segmentRule } from './mailing-lists';

/** E-mail campaigns: the owner's editor, test sends, scheduling, sending and the numbers. */
export const CAMPAIGN_MESSAGES = {
  subject: 'The subject must be 1 to 150 characters.',
  blocks: 'A campaign has 1 to 50 blocks.',
  lists: 'Choose at least one mailing list.',
  url: 'Links must be full http(s) addresses.',
  schedule: 'Choose a time in the future.',
  notDraft: 'Only a draft or scheduled campaign can be changed.',
  rate: 'Send between 1 and 100,000 mails a minute.',
} as const;

/** The sending rate's range (mails per minute, one site). */
export const CAMPAIGN_RATE = { min: 1, max: 100_000 } as const;

const webAddress = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s"'<>]+$/i, CAMPAIGN_MESSAGES.url);
/** A media library address (/media/…) or a full http(s) address. */
const imageAddress = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/[^\s"'<>]*|https?:\/\/[^\s"'<>]+)$/i, CAMPAIGN_MESSAGES.url);

export const campaignBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), html: z.string().max(20_000) }),
  z.object({
    type: z.literal('image'),
    url: imageAddress,
    alt: z.string().max(300).default(''),
    href: webAddress.optional(),
  }),
  z.object({ type: z.literal('button'), label: z.string().trim().min(1).max(80), url: webAddress }),
  z.object({ type: z.literal('product'), productId: z.string().min(1).max(64) }),
  z.object({ type: z.literal('divider') }),
]);
export type CampaignBlockInput = z.infer<typeof campaignBlock>;

export const campaignInput = z.object({
  subject: z.string().trim().max(150, CAMPAIGN_MESSAGES.subject),
  preheader: z.string().trim().max(200).default(''),
  fromName: z.string().trim().max(80).default(''),
  blocks: z.array(campaignBlock).max(50, CAMPAIGN_MESSAGES.blocks),
  listIds: z.array(z.string().min(1).max(64)).max(20),
  /** A segment rule over the lists' members (the lists' segments), or null for everyone. */
  segment: segmentRule.nullable().default(null),
  tracking: z.boolean().default(false),
});

export const campaignStatus = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']);

export const campaignNumbers = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int().nullable(),
  clicked: z.number().int().nullable(),
  unsubscribed: z.number().int(),
  skipped: z.number().int(),
});

export const campaignView = campaignInput.extend({
  id: z.string(),
  status: campaignStatus,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  numbers: campaignNumbers,
});
export type CampaignView = z.infer<typeof campaignView>;

const idParams = z.object({ id: z.string().min(1).max(64) });

export const campaignRoutes = {
  'GET /api/studio/campaigns': {
    summary: 'Owner: the campaigns, newest first, with their numbers, and the sending rate',
    response: z.object({
      campaigns: z.array(campaignView),
      ratePerMinute: z.number().int(),
      /** The site's time zone (schedule times are picked in it). */
      timeZone: z.string(),
      lists: z.array(z.object({ id: z.string(), name: z.string(), subscribed: z.number().int() })),
    }),
  },
  'POST /api/studio/campaigns': {
    summary: 'Owner: start a new draft campaign',
    body: campaignInput.partial(),
    status: 201,
    response: campaignView,
  },
  'GET /api/studio/campaigns/:id': {
    summary: 'Owner: one campaign with its numbers',
    params: idParams,
    response: campaignView,
  },
  'PUT /api/studio/campaigns/:id': {
    summary: 'Owner: save a draft (or scheduled) campaign',
    params: idParams,
    body: campaignInput,
    response: campaignView,
  },
  'DELETE /api/studio/campaigns/:id': {
    summary: 'Owner: delete a draft or cancelled campaign',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  },
  'POST /api/studio/campaigns/:id/preview': {
    summary: 'Owner: the campaign as the e-mail it becomes (HTML and plain text)',
    params: idParams,
    response: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
  },
  'POST /api/studio/campaigns/:id/test': {
    summary: 'Owner: send the campaign once to one address (marked as a test)',
    params: idParams,
    body: z.object({ to: visitorEmail }),
    response: z.object({ ok: z.literal(true) }),
  },
  'POST /api/studio/campaigns/:id/schedule': {
    summary: 'Owner: send the campaign at a time (or now, without one)',
    params: idParams,
    body: z.object({ at: z.string().datetime({ offset: true }).nullable().default(null) }),
    response: campaignView,
  },
  'POST /api/studio/campaigns/:id/cancel': {
    summary: 'Owner: cancel a scheduled campaign (it goes back to draft)',
    params: idParams,
    response: campaignView,
  },
  'PUT /api/studio/campaigns/settings': {
    summary: 'Owner: how many campaign mails the site sends per minute',
    body: z.object({
      ratePerMinute: z
        .number({ message: CAMPAIGN_MESSAGES.rate })
        .int(CAMPAIGN_MESSAGES.rate)
        .min(CAMPAIGN_RATE.min, CAMPAIGN_MESSAGES.rate)
        .max(CAMPAIGN_RATE.max, CAMPAIGN_MESSAGES.rate),
    }),
    response: z.object({ ratePerMinute: z.number().int() }),
  },
} as const;
