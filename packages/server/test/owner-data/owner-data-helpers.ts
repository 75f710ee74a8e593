import { forms, formSubmissions } from '../../src/db/schema/index';
import { theRow } from '../../src/db/rows';
import type { TestSite } from '../helpers/test-app';
import { type Backend, testDatabase } from '../helpers/test-db';

/** A form with one field of every multi-part type, stored directly (the builder is elsewhere). */
export const surveyFields = [
  { id: 'who', type: 'name', title: 'Your name', required: false },
  { id: 'sec', type: 'section', title: 'About you', required: false },
  { id: 'where', type: 'address', title: 'Address', required: false },
  { id: 'when', type: 'date', title: 'Birthday', required: false },
  { id: 'at', type: 'time', title: 'Best time', required: false },
  { id: 'tel', type: 'phone', title: 'Phone', required: false },
  { id: 'colours', type: 'checkbox', title: 'Colours', required: false, options: ['Red', 'Blue'] },
  { id: 'rate', type: 'likert', title: 'Rate us', required: false, options: ['Speed', 'Price'] },
  { id: 'note', type: 'text', title: 'Note', required: false },
];

export async function insertSurvey(backend: Backend, site: TestSite): Promise<string> {
  const { db } = await testDatabase(backend);
  const row = theRow(
    await db
      .insert(forms)
      .values({ websiteId: site.websiteId, name: 'Survey', definition: { fields: surveyFields } })
      .returning({ id: forms.id }),
    'insert survey form',
  );
  return row.id;
}

/** Store a submission as the visitor route would (answers keyed by field id). */
export async function insertSubmission(
  backend: Backend,
  site: TestSite,
  formId: string,
  answers: Record<string, unknown>,
  createdAt?: Date,
): Promise<string> {
  const { db } = await testDatabase(backend);
  const row = theRow(
    await db
      .insert(formSubmissions)
      .values({ websiteId: site.websiteId, formId, answers, ...(createdAt ? { createdAt } : {}) })
      .returning({ id: formSubmissions.id }),
    'insert submission',
  );
  return row.id;
}
