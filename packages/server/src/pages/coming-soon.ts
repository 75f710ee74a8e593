import { type SiteStyles, siteStylesCss } from '@store/blocks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ensureCrumb } from '../plugins/crumb';
import { currentSiteUser } from '../plugins/owner-auth';
import { siteLaunchedAt } from '../services/sites/site-launch';
import { savedSiteStyles } from '../services/studio/site-styles.service';
import { themeStylesheet } from './theme-stylesheet';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's own layout; colours, fonts and corners come from the theme's variables. */
const CSS = `body.coming-soon{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:32px 20px;text-align:center}
.coming-soon__card{max-width:560px}
.coming-soon__site{margin:0 0 12px;font-size:.95rem;letter-spacing:.14em;text-transform:uppercase;color:var(--muted)}
.coming-soon h1{margin:0 0 16px;font-size:clamp(2.2rem,7vw,3.6rem);line-height:1.1;color:var(--ink)}
.coming-soon__text{margin:0 auto;max-width:30em;font-size:1.1rem;color:var(--ink)}
.coming-soon__rule{width:56px;height:4px;margin:28px auto;border:0;border-radius:var(--radius);background:var(--accent)}
.coming-soon__owner{margin-top:40px;font-size:.9rem;color:var(--muted)}`;

export interface ComingSoonSite {
  siteTitle: string;
  language: string;
}

/**
 * "Coming soon", in the site's design: what visitors get from every page of a site its owner
 * has not published yet, and (with no site) what a new deployment shows before setup.
 * Never indexed: search engines should wait for the real pages.
 */
export function comingSoonHtml(site: ComingSoonSite | null, styles: SiteStyles | null): string {
  const title = site ? escapeHtml(site.siteTitle) : 'A new site';
  const words = site
    ? {
        heading: 'Coming soon',
        text: `We are putting the finishing touches on ${title}. Please come back soon.`,
        link: '<a href="/config">Site owner? Sign in</a>',
      }
    : {
        heading: 'Coming soon',
        text: 'A new site is being set up here. Please come back soon.',
        link: '<a href="/config">Site owner? Set up your site</a>',
      };
  return `<!doctype html>
<html lang="${escapeHtml(site?.language ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · Coming soon</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${themeStylesheet().url}">
<style>${styles ? siteStylesCss(styles) : ''}${CSS}</style>
</head>
<body class="coming-soon">
<main class="coming-soon__card">
<p class="coming-soon__site">${title}</p>
<h1>${words.heading}</h1>
<hr class="coming-soon__rule">
<p class="coming-soon__text">${words.text}</p>
<p class="coming-soon__owner">${words.link}</p>
</main>
</body>
</html>`;
}

/**
 * Whether this page request gets "coming soon": the site has never been published and the
 * visitor is not one of its people (its owner and contributors see the site as it will be).
 * The publish moment is read fresh when the request's site record says "not yet", since that
 * record may be a moment older than the publish.
 */
export async function showsComingSoon(request: FastifyRequest): Promise<boolean> {
  const site = request.site;
  if (!site) return true;
  if (site.launchedAt) return false;
  if (await siteLaunchedAt(request.server.database.db, site.id)) return false;
  const user = await currentSiteUser(request);
  const staff = user?.websiteId === site.id && (user.role === 'OWNER' || user.role === 'CONTRIBUTOR');
  return !staff;
}

/** Answer a page request with "coming soon": 200, never indexed, never kept by a cache. */
export async function sendComingSoon(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const site = request.site ?? null;
  // Like any page: the crumb the next write (the setup form, a sign-in) echoes.
  ensureCrumb(request, reply);
  const styles = site ? await savedSiteStyles(request.server.database.db, site.id) : null;
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(comingSoonHtml(site, styles));
}
