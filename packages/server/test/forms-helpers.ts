import { solveChallenge } from 'altcha-lib/v1';
import { and, eq } from 'drizzle-orm';
import { forms } from '../src/db/schema/index';
import type { TestSite } from './helpers/test-app';
import { testDatabase, type Backend } from './helpers/test-db';
import { present } from './helpers/present';

/** Id of a demo form ('Contact', 'Newsletter', 'Engraving') on the test site. */
export async function formIdOf(backend: Backend, site: TestSite, name: string): Promise<string> {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.websiteId, site.websiteId), eq(forms.name, name)));
  return present(row, `the ${name} form`).id;
}

export async function submissionKey(site: TestSite): Promise<string> {
  const res = await site.request({ method: 'POST', url: '/api/form/FormSubmissionKey' });
  return res.json().key;
}

/** Fetch a challenge and solve it the way the widget does (brute-force SHA-256). */
export async function solvedCaptcha(site: TestSite): Promise<string> {
  const challenge = (await site.request({ method: 'GET', url: '/api/form/captcha/challenge' })).json();
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  const payload = { ...challenge, number: solution?.number };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export const validContact = {
  'name-1': ['Ada', 'Lovelace'],
  'email-1': 'ada@example.com',
  'topic-1': 'Wholesale',
  'message-1': 'Do you sell to shops?',
};
