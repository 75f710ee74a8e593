import { randomUUID } from 'node:crypto';
import { appointmentTypeBody, staffBody } from '@store/api';
import type { z } from 'zod';
import type { Database } from '../../src/db/client';
import { websites } from '../../src/db/schema/index';
import type { SchedulingSite } from '../../src/services/scheduling/availability';
import { saveStaff, saveType } from '../../src/services/scheduling/setup';

/** A bare website in `timeZone` (scheduling needs nothing else of a site). */
export async function schedulingSite(db: Database, timeZone: string): Promise<SchedulingSite> {
  const identifier = `sched-${randomUUID().slice(0, 8)}.test`;
  const [row] = await db
    .insert(websites)
    .values({
      identifier,
      siteTitle: 'Scheduling test',
      hosts: [identifier],
      timeZone,
      currency: 'USD',
      storeSettings: {
        useLightCart: false,
        multipleQuantityAllowedForServices: false,
        expressCheckout: false,
        minimumOrderSubtotalCents: 0,
        merchandisingSettings: { enableNativeReviews: false, enableImportedReviews: false },
      },
      settings: { commentsEnabled: false, disqusShortname: '', simpleLikingEnabled: false },
    })
    .returning({ id: websites.id });
  if (!row) throw new Error('no website');
  return { id: row.id, timeZone, currency: 'USD' };
}

/** Every day of the week, the same hours. */
export const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

export async function staffMember(db: Database, site: SchedulingSite, input: z.input<typeof staffBody>) {
  const saved = await saveStaff(db, site.id, null, staffBody.parse(input));
  if (!saved.ok) throw new Error(saved.reason);
  return saved.value;
}

export async function appointmentType(
  db: Database,
  site: SchedulingSite,
  input: z.input<typeof appointmentTypeBody>,
) {
  const saved = await saveType(db, site, null, appointmentTypeBody.parse(input));
  if (!saved.ok) throw new Error(saved.reason);
  return saved.value;
}

export const visitor = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  timeZone: 'Asia/Tokyo',
  intakeAnswers: {},
});
