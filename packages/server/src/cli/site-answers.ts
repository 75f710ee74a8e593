import { SETUP_MESSAGES } from '@store/api';
import { STARTERS } from '../starters/starters';
import type { Prompter } from './terminal-prompts';

/** `npm run create-site` flags (node:util parseArgs options). */
export const SITE_FLAGS = {
  title: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  currency: { type: 'string' },
  country: { type: 'string' },
  timezone: { type: 'string' },
  starter: { type: 'string' },
  host: { type: 'string', multiple: true },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface SiteFlags {
  title?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  currency?: string | undefined;
  country?: string | undefined;
  timezone?: string | undefined;
  starter?: string | undefined;
  host?: string[] | undefined;
  url?: string | undefined;
}

/** What a value takes when it is neither given nor asked for. */
export function siteDefaults(timeZone: string) {
  return { currency: 'USD', country: 'US', timeZone, starter: 'shop' };
}

/** The answers as typed: newSiteInput decides whether they make a site. */
export interface SiteAnswers {
  siteTitle: string;
  email: string;
  password: string;
  currency: string;
  country: string;
  timeZone: string;
  starter: string;
  hosts?: string[];
  baseUrl?: string;
}

export type Answers = { ok: true; input: SiteAnswers } | { ok: false; message: string };

/** `--host a.test --host b.test,c.test` → three host names. */
export function hostList(values: readonly string[] | undefined): string[] | undefined {
  const hosts = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((h) => h.trim())
    .filter(Boolean);
  return hosts.length ? hosts : undefined;
}

/** The password twice, hidden; up to three tries to type the same thing twice. */
async function askPassword(prompter: Prompter): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = await prompter.askHidden(
      `Owner password (at least ${SETUP_MESSAGES.passwordMin} characters)`,
    );
    const second = await prompter.askHidden('The same password again');
    if (first === second) return first;
    await prompter.ask(`${SETUP_MESSAGES.passwordsDiffer} Press Enter to try again`, ' ');
  }
  return null;
}

/**
 * The new site's values from the flags (and OWNER_PASSWORD), asking for what is missing when
 * someone is at a terminal (`prompter`). Without one, the title, e-mail and password must be
 * given; the rest take their defaults. The values are checked afterwards by newSiteInput.
 */
export async function collectSiteAnswers(
  flags: SiteFlags,
  options: { prompter: Prompter | null; env: Record<string, string | undefined>; defaultTimeZone: string },
): Promise<Answers> {
  const { prompter } = options;
  const defaults = siteDefaults(options.defaultTimeZone);
  // An empty OWNER_PASSWORD (or --password '') is no password: it is asked for, or missing.
  const password = flags.password || options.env.OWNER_PASSWORD || undefined;
  if (!prompter) {
    const missing = [
      !flags.title && '--title',
      !flags.email && '--email',
      !password && '--password (or OWNER_PASSWORD)',
    ].filter(Boolean);
    if (missing.length)
      return {
        ok: false,
        message: `Missing ${missing.join(', ')}. Pass them as flags, or run the command in a terminal to be asked.`,
      };
  }
  const ask = async (given: string | undefined, question: string, fallback?: string) =>
    given ?? (prompter ? await prompter.ask(question, fallback) : (fallback ?? ''));
  const siteTitle = await ask(flags.title, 'Site title');
  const email = await ask(flags.email, 'Owner e-mail (signs in to the studio)');
  const secret = password ?? (prompter ? await askPassword(prompter) : null);
  if (secret === null) return { ok: false, message: SETUP_MESSAGES.passwordsDiffer };
  const currency = await ask(flags.currency, 'Store currency', defaults.currency);
  const country = await ask(flags.country, 'Store country (two letters)', defaults.country);
  const timeZone = await ask(flags.timezone, 'Time zone', defaults.timeZone);
  const starters = STARTERS.map((s) => `${s.id} (${s.name.toLowerCase()}: ${s.description})`).join('\n  ');
  const starter = await ask(
    flags.starter,
    `Starting design, one of:\n  ${starters}\nStarter`,
    defaults.starter,
  );
  const hosts = hostList(flags.host);
  return {
    ok: true,
    input: {
      siteTitle,
      email,
      password: secret,
      currency: currency.toUpperCase(),
      country,
      timeZone,
      starter: starter.toLowerCase(),
      ...(hosts ? { hosts } : {}),
      ...(flags.url ? { baseUrl: flags.url } : {}),
    },
  };
}

/** Host names asked for when the deployment already has a site and none were given. */
export async function askHosts(prompter: Prompter): Promise<string[] | undefined> {
  return hostList([
    await prompter.ask('Host names this site answers on (comma-separated, e.g. shop.example.com)'),
  ]);
}
