import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSiteUser } from '../plugins/owner-auth';
import { decideRoute } from '../plugins/permissions';
import { mailPreview, PREVIEW_KINDS } from '../services/email/mail-previews';

/** The commerce e-mail preview (spec page type 301). */
export const EMAIL_PREVIEW_PAGE_TYPE = 301;
export const EMAIL_PREVIEW_PATH = '/commerce/email-preview';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * The mail inside the preview's frame: it may show its images (the logo) and inline styles
 * and nothing else; no script could run even if one were there (sandbox).
 */
const MESSAGE_POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox";

/** Who may see it: the same people as GET /api/owner/mail-previews/:kind (the permission table). */
async function mayPreview(request: FastifyRequest): Promise<'yes' | 'sign-in' | 'no'> {
  const user = await currentSiteUser(request);
  if (!user || user.websiteId !== request.site?.id) return 'sign-in';
  if (user.role === 'OWNER') return 'yes';
  if (user.role !== 'CONTRIBUTOR') return 'no';
  return decideRoute(user.contributorRole, 'GET', '/api/owner/mail-previews/:kind').ok ? 'yes' : 'no';
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f4f4f2}
.ep{display:grid;grid-template-columns:220px 1fr;gap:24px;max-width:1200px;margin:0 auto;padding:24px}
.ep h1{font-size:20px;margin:0 0 12px}.ep nav a{display:block;padding:6px 10px;border-radius:6px;color:inherit;text-decoration:none}
.ep nav a[aria-current]{background:#1d1d1f;color:#fff}.ep dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0 0 12px}
.ep dt{color:#666}.ep dd{margin:0;overflow-wrap:anywhere}.ep iframe{width:100%;height:720px;border:1px solid #ddd;border-radius:8px;background:#fff}
.ep pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #ddd;border-radius:8px;padding:16px;font-size:13px}
@media (max-width:700px){.ep{grid-template-columns:1fr;padding:12px}.ep nav{display:flex;flex-wrap:wrap;gap:4px}.ep iframe{height:560px}}
</style></head>
<body data-page-type="${EMAIL_PREVIEW_PAGE_TYPE}">${body}</body></html>
`);
}

function refused(reply: FastifyReply, verdict: 'sign-in' | 'no') {
  return verdict === 'sign-in'
    ? page(
        reply,
        401,
        'Sign in',
        '<main class="ep"><p>Sign in to the <a href="/config">studio</a> to preview the site’s mail.</p></main>',
      )
    : page(
        reply,
        403,
        'Not available',
        '<main class="ep"><p>Your role cannot see the site’s mail.</p></main>',
      );
}

/**
 * Page type 301, the commerce e-mail preview: each kind of message the site sends, with sample
 * data, as it would go out now — its sender, recipient and subject, the HTML part in a frame
 * that runs nothing, and the text part. Only for the people who may open the studio's mail
 * settings; never cached.
 */
export async function mailPreviewPages(app: FastifyInstance) {
  const db = app.database.db;
  app.get<{ Querystring: { kind?: string } }>(EMAIL_PREVIEW_PATH, async (request, reply) => {
    const verdict = await mayPreview(request);
    if (verdict !== 'yes') return refused(reply, verdict);
    const kind = typeof request.query.kind === 'string' ? request.query.kind : (PREVIEW_KINDS[0]?.kind ?? '');
    const preview = await mailPreview(db, request.site, kind);
    const nav = PREVIEW_KINDS.map(
      (k) =>
        `<a href="${EMAIL_PREVIEW_PATH}?kind=${encodeURIComponent(k.kind)}"${k.kind === kind ? ' aria-current="page"' : ''}>${esc(k.label)}</a>`,
    ).join('');
    if (!preview)
      return page(
        reply,
        404,
        'E-mail preview',
        `<main class="ep"><nav>${nav}</nav><p>There is no such kind of message.</p></main>`,
      );
    const body = `<main class="ep"><nav aria-label="Messages"><h1>E-mail preview</h1>${nav}</nav><section>
<h2>${esc(preview.label)}</h2>
<dl><dt>From</dt><dd>${esc(preview.from)}</dd><dt>To</dt><dd>${esc(preview.to)} (sample)</dd><dt>Subject</dt><dd>${esc(preview.subject)}</dd></dl>
<iframe title="The HTML part" sandbox src="${EMAIL_PREVIEW_PATH}/${encodeURIComponent(kind)}/message.html"></iframe>
<h3>Text part</h3><pre>${esc(preview.text)}</pre></section></main>`;
    return page(reply, 200, `${preview.label} — e-mail preview`, body);
  });

  app.get<{ Params: { kind: string } }>(
    `${EMAIL_PREVIEW_PATH}/:kind/message.html`,
    async (request, reply) => {
      const verdict = await mayPreview(request);
      if (verdict !== 'yes') return refused(reply, verdict);
      const preview = await mailPreview(db, request.site, request.params.kind);
      if (!preview) return page(reply, 404, 'E-mail preview', '<p>There is no such kind of message.</p>');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('content-security-policy', MESSAGE_POLICY)
        .send(preview.html);
    },
  );
}
