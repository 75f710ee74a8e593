import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { mailPreview, PREVIEW_KINDS } from '../services/email/mail-previews';
import {
  readMailSettings,
  type MailSettingsRefusal,
  saveMailSettings,
} from '../services/email/mail-settings.service';
import { sendTestMail } from '../services/email/mail-test';
import { secretBoxFor } from '../services/payments/secret-box';
import { rememberListenAddress } from '../services/site-base-url';
import { at, zodRoutes } from './api-schema';
import { mailPreviewPages } from './mail-preview-pages';

/** A refused save or test: 400 with the fields' words, 422 without a key to seal the password with. */
function refusal(outcome: MailSettingsRefusal): never {
  if (outcome.reason === 'INVALID')
    throw new ApiError('VALIDATION_FAILED', outcome.message, { errors: outcome.errors });
  throw new ApiError('UNPROCESSABLE', outcome.message);
}

/**
 * Settings → Domain & mail: the site's public address (the origin of every link in mail, of
 * canonical URLs and the sitemap), who its mail is from, its own SMTP server (the password
 * sealed with the server's key, never sent back), a test message through it, and the e-mail
 * preview of every kind of message (page type 301). Also records where this server listens:
 * the address links use until the owner sets one.
 */
export async function mailSettingsRoutes(app: FastifyInstance) {
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo | string | null;
    if (address && typeof address === 'object')
      rememberListenAddress({ host: address.address, port: address.port });
  });
  const db = app.database.db;
  const secrets = () => secretBoxFor(app.config, app.database.kind);
  const serverSmtp = Boolean(app.config.smtpUrl);

  await app.register(async (api) => {
    api.addHook('preValidation', requireOwner);
    const routes = zodRoutes(api);

    routes.get(...at('GET /api/owner/mail-settings'), (request) =>
      readMailSettings(db, request.site, secrets(), serverSmtp),
    );

    routes.put(...at('PUT /api/owner/mail-settings'), async (request) => {
      const saved = await saveMailSettings(db, request.site, request.body, secrets(), serverSmtp);
      if (!saved.ok) refusal(saved);
      // Mail that waited for a connection may go now.
      app.outboxKick?.();
      return saved.value;
    });

    routes.post(...at('POST /api/owner/mail-settings/test'), async (request) => {
      const user = request.siteUser;
      if (!user) throw new ApiError('UNAUTHORIZED');
      const sent = await sendTestMail(db, request.site, request.body, {
        source: secrets(),
        smtpUrl: app.config.smtpUrl,
        fallbackTo: user.email,
      });
      if (!sent.ok) refusal(sent);
      const { ok, via, message } = sent.value;
      return { ok, via, message };
    });

    routes.get(...at('GET /api/owner/mail-previews'), async () => ({
      kinds: PREVIEW_KINDS,
    }));

    routes.get(...at('GET /api/owner/mail-previews/:kind'), async (request) => {
      const preview = await mailPreview(db, request.site, request.params.kind);
      if (!preview) throw new ApiError('NOT_FOUND', 'There is no such kind of message.');
      return preview;
    });
  });

  await app.register(mailPreviewPages);
}
