import { z } from 'zod';

/**
 * Marketing → Integrations → Mailchimp: a mailing list feeding a Mailchimp audience. The
 * server answers with these words and the studio shows the same ones.
 */
export const MAILCHIMP_MESSAGES = {
  /** The spec's words for a connection Mailchimp refused or did not answer. */
  unableToConnect: 'Unable to connect. Please try again',
  /** The spec's words when the site has no list to map. */
  noLists: 'no mailing lists, create one first',
  malformedKey:
    'That is not a Mailchimp API key: it ends with a dash and the data centre, e.g. 0123456789abcdef-us21.',
  notConnected: 'Connect a Mailchimp account first.',
  unknownAudience: 'That audience is not in the connected Mailchimp account.',
  unknownList: 'That mailing list is not on this site.',
  secretsKeyMissing:
    'The API key cannot be stored safely yet: set SECRETS_KEY on the server (32 random bytes, base64 or hex, e.g. from `openssl rand -base64 32`) and restart it.',
  keyUnreadable:
    'The stored API key cannot be read with this server’s SECRETS_KEY (it changed since it was saved): connect again.',
  refused: 'Mailchimp refused the API key ({detail}). Connect again with a valid key.',
} as const;

/** `<32 hex>-<dc>`: the data centre (us21 …) is the key's suffix. */
export const MAILCHIMP_KEY_PATTERN = /^[0-9a-f]{8,64}-([a-z]{2,4}[0-9]{1,3})$/i;

export const mailchimpConnectInput = z.object({ apiKey: z.string().trim().max(200) });

export const mailchimpAudience = z.object({ id: z.string(), name: z.string() });
export type MailchimpAudience = z.output<typeof mailchimpAudience>;

export const mailchimpLinkInput = z.object({
  links: z.array(z.object({ listId: z.string().max(100), audienceId: z.string().max(100) })).max(50),
});

const mailchimpLink = z.object({
  listId: z.string(),
  listName: z.string(),
  audienceId: z.string(),
  audienceName: z.string(),
  lastSyncAt: z.string().nullable(),
  pushed: z.number().int(),
  pulled: z.number().int(),
  skipped: z.number().int(),
  /** The last failed push, its attempts and when it is tried again (null: none pending). */
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
});

/** What the studio shows: the key only as its last four characters. */
export const mailchimpView = z.object({
  state: z.enum(['not_connected', 'connected', 'failed']),
  accountName: z.string().nullable(),
  apiKeyLast4: z.string().nullable(),
  dataCenter: z.string().nullable(),
  /** "Unable to connect. Please try again" when failed. */
  message: z.string().nullable(),
  /** What Mailchimp said (or why it could not be reached). */
  detail: z.string().nullable(),
  links: z.array(mailchimpLink),
  /** The site's mailing lists, to map. */
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MailchimpView = z.output<typeof mailchimpView>;

export const mailchimpRoutes = {
  'GET /api/owner/mailchimp': {
    summary: 'Owner: the Mailchimp connection (state, the key’s last four characters, the mapped lists)',
    response: mailchimpView,
  },
  'POST /api/owner/mailchimp/connect': {
    summary:
      'Owner: connect a Mailchimp account with an API key (checked with Mailchimp, sealed with the server key); answers the account’s audiences',
    body: mailchimpConnectInput,
    response: z.object({ view: mailchimpView, audiences: z.array(mailchimpAudience) }),
  },
  'GET /api/owner/mailchimp/audiences': {
    summary: 'Owner: the connected account’s audiences (asked of Mailchimp now)',
    response: z.object({ audiences: z.array(mailchimpAudience) }),
  },
  'PUT /api/owner/mailchimp/links': {
    summary: 'Owner: which mailing list feeds which Mailchimp audience (lists left out stop syncing)',
    body: mailchimpLinkInput,
    response: mailchimpView,
  },
  'POST /api/owner/mailchimp/sync': {
    summary: 'Owner: sync the mapped lists now (push members, pull unsubscribes)',
    response: mailchimpView,
  },
  'DELETE /api/owner/mailchimp': {
    summary: 'Owner: disconnect: forget the key and stop syncing (members stay on both sides)',
    response: mailchimpView,
  },
} as const;
