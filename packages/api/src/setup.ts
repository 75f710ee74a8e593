import { z } from 'zod';

/** What the setup screen shows about the starters, and whether setup is still open. */
const setupStatus = z.object({
  /** True only while the deployment has no site: then the studio shows the setup screen. */
  open: z.boolean(),
  starters: z.array(
    z.object({ id: z.string(), name: z.string(), description: z.string(), previewUrl: z.string() }),
  ),
});

/** The words the studio and the server share about a new site. */
export const SETUP_MESSAGES = {
  passwordMin: 10,
  passwordTooShort: 'password must be at least 10 characters',
  passwordsDiffer: 'The two passwords are not the same.',
} as const;

const launch = z.object({
  /** When the site was first published; null while visitors see "coming soon". */
  launchedAt: z.string().nullable(),
});

export const setupRoutes = {
  'GET /api/setup': {
    summary: 'First run: is setup open (no site yet), and the starter sites to choose from',
    response: setupStatus,
  },
  'POST /api/setup': {
    summary:
      'First run: create the site from a starter and its owner, and sign the owner in (409 once any site exists)',
    body: z.object({
      siteTitle: z.string().max(100),
      email: z.string().max(256),
      password: z.string().max(1024),
      currency: z.string().max(3),
      country: z.string().max(2),
      timeZone: z.string().max(64),
      starter: z.string().max(40),
    }),
    response: z.object({
      website: z.object({ id: z.string(), siteTitle: z.string() }),
      owner: z.object({ email: z.string() }),
    }),
    status: 201,
    // The server checks the fields with the same rules as `npm run create-site` (per-field errors).
    documentsOnly: true,
  },
  'GET /api/studio/launch': {
    summary: 'Studio: whether the site is published (visitors see it) or still “coming soon”',
    response: launch,
  },
  'POST /api/studio/launch': {
    summary: 'Studio: publish the site, so visitors get its pages instead of “coming soon”',
    response: launch,
  },
} as const;
