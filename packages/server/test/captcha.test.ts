import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaKeys } from '../src/db/schema/index';
import { errorContract } from '../src/plugins/error-contract';
import { limitsPlugin } from '../src/plugins/limits';
import { siteResolver } from '../src/plugins/site';
import { formRoutes } from '../src/routes/forms.routes';
import { FORM_MESSAGES } from '../src/services/forms/form-messages';
import { formIdOf, solvedCaptcha, submissionKey, validContact } from './forms-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { present } from './helpers/present';

async function solve(challenge: { challenge: string; salt: string; algorithm: string; maxnumber?: number }) {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString('base64');
}

describe.each(backends)('captcha on %s', (backend) => {
  let site: TestSite;
  let contactId: string;
  const save = (captchaKey: string, key: string) =>
    site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: { formId: contactId, form: JSON.stringify(validContact), key, captchaKey },
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    contactId = await formIdOf(backend, site, 'Contact');
  });
  afterAll(() => site.app.close());

  it('serves a signed, expiring proof-of-work challenge that is never cached', async () => {
    const res = await site.request({ method: 'GET', url: '/api/form/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
    expect(body.salt).toMatch(/expires=\d+/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired solution, and one signed with another key', async () => {
    await site.request({ method: 'GET', url: '/api/form/captcha/challenge' });
    const { db } = await testDatabase(backend);
    const [key] = await db.select().from(captchaKeys).where(eq(captchaKeys.websiteId, site.websiteId));
    const { hmacKey } = present(key, 'the site captcha key');
    const expired = await createChallenge({ hmacKey, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
    const res = await save(await solve(expired), await submissionKey(site));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(FORM_MESSAGES.captchaFailed);
    const foreign = await createChallenge({
      hmacKey: 'not-the-key',
      maxnumber: 1000,
      expires: new Date(Date.now() + 60_000),
    });
    expect((await save(await solve(foreign), await submissionKey(site))).statusCode).toBe(400);
  });

  it('does not spend the submission key when the captcha fails', async () => {
    const key = await submissionKey(site);
    expect((await save('bm9wZQ==', key)).statusCode).toBe(400);
    expect((await save(await solvedCaptcha(site), key)).statusCode).toBe(200);
  });

  it('answers 500 with the spec text when storing fails, never a stack', async () => {
    const { db } = await testDatabase(backend);
    const app = Fastify({ logger: false });
    app.decorate('database', await testDatabase(backend));
    await app.register(errorContract);
    await app.register(siteResolver, { db });
    // Form limits go through the app's one limits mechanism (in memory here).
    app.decorate('config', {} as never);
    await app.register(limitsPlugin);
    await app.register(formRoutes, {
      captcha: {
        challenge: async () => ({}),
        consume: async () => {
          throw new Error('database went away');
        },
      },
    });
    try {
      const key = (
        await app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', headers: { host: site.host } })
      ).json().key;
      const res = await app.inject({
        method: 'POST',
        url: '/api/form/SaveFormSubmission',
        headers: { host: site.host },
        payload: { formId: contactId, form: JSON.stringify(validContact), key, captchaKey: 'x' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({
        code: 'FORM_SEND_FAILED',
        message: 'Unable to send form. Please try again later.',
      });
      expect(res.body).not.toContain('database went away');
    } finally {
      await app.close();
    }
  });
});
