import { at, zodRoutes } from './api-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, type ErrorCode } from '../errors';
import { clientKey } from '../plugins/limits';
import { altchaCaptcha } from '../services/captcha/altcha-captcha';
import type { CaptchaProvider } from '../services/captcha/captcha-provider';
import { checkAnswers } from '../services/forms/form-answers';
import { FORM_MESSAGES } from '../services/forms/form-messages';
import { findForm, issueSubmissionKey, saveSubmission } from '../services/forms/forms.service';

const formError = (code: ErrorCode, message: string, extra = {}) => new ApiError(code, message, extra);

/**
 * Visitor form endpoints (spec §7): submission key, server-side validation, captcha
 * challenge, and SaveFormSubmission with the statuses of spec §8.
 */
export async function formRoutes(
  app: FastifyInstance,
  options: { captcha?: CaptchaProvider; submissionsPerWindow?: number } = {},
) {
  const captcha = options.captcha ?? altchaCaptcha();
  // Per client address and site: 20 submission attempts per 10 minutes.
  const limiter = app.limits.limiter('form-submission', options.submissionsPerWindow ?? 20, 10 * 60_000);
  // Keys are rows: cap how fast one address can mint them (3 per allowed submission).
  const keyLimiter = app.limits.limiter('form-key', (options.submissionsPerWindow ?? 20) * 3, 10 * 60_000);
  const db = app.database.db;

  const api = zodRoutes(app);
  api.post(...at('POST /api/form/FormSubmissionKey'), async (request, reply) => {
    if (await keyLimiter.hit(clientKey(request)))
      throw formError('FORM_RATE_LIMITED', FORM_MESSAGES.rateLimited);
    reply.header('cache-control', 'no-store');
    return { key: await issueSubmissionKey(db, request.site.id) };
  });

  api.get(...at('GET /api/form/captcha/challenge'), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge(db, request.site.id);
  });

  api.post(...at('POST /api/rest/forms/validate/:formId'), async (request) => {
    const form = await findForm(db, request.site.id, request.params.formId);
    if (!form) throw formError('FORM_NOT_CONFIGURED', FORM_MESSAGES.notConfigured);
    const checked = checkAnswers(form.definition.fields, request.body);
    if (checked.ok) return { errors: {} };
    if (checked.kind === 'shape') throw formError('FORM_UNPARSEABLE', FORM_MESSAGES.parse);
    throw formError('FORM_INVALID', FORM_MESSAGES.invalid, { errors: checked.errors });
  });

  api.post(
    ...at('POST /api/form/SaveFormSubmission', {
      // Counted before validation, so malformed attempts count against the limit too.
      preValidation: async (request: FastifyRequest) => {
        if (await limiter.hit(clientKey(request)))
          throw formError('FORM_RATE_LIMITED', FORM_MESSAGES.rateLimited);
      },
    }),
    async (request) => {
      const { formId, form: rawForm, key, captchaKey, ...page } = request.body;
      let values: unknown = rawForm;
      if (typeof rawForm === 'string') {
        try {
          values = JSON.parse(rawForm);
        } catch {
          throw formError('FORM_UNPARSEABLE', FORM_MESSAGES.parse);
        }
      }
      const form = await findForm(db, request.site.id, formId);
      if (!form) throw formError('FORM_NOT_CONFIGURED', FORM_MESSAGES.notConfigured);
      let result: Awaited<ReturnType<typeof saveSubmission>>;
      try {
        result = await saveSubmission(db, captcha, { form, values, key, captchaKey, page });
      } catch (error) {
        request.log.error({ err: error }, 'form submission failed');
        throw formError('FORM_SEND_FAILED', FORM_MESSAGES.serverError);
      }
      if (result.ok) return { ok: true, submissionId: result.submissionId };
      switch (result.code) {
        case 'FIELDS':
          throw formError('FORM_INVALID', FORM_MESSAGES.invalid, { errors: result.errors });
        case 'SHAPE':
          throw formError('FORM_UNPARSEABLE', FORM_MESSAGES.parse);
        case 'KEY':
          throw formError('FORM_KEY_INVALID', FORM_MESSAGES.unauthorized);
        case 'CAPTCHA_MISSING':
          throw formError('CAPTCHA_REQUIRED', FORM_MESSAGES.captchaMissing);
        case 'CAPTCHA':
          throw formError('CAPTCHA_FAILED', FORM_MESSAGES.captchaFailed);
      }
    },
  );
}
