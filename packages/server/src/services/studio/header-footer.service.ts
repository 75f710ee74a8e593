import { type HeaderFooter, headerFooterSchema } from '@store/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { headerFooters } from '../../db/schema/index';
import { notifySiteChanged } from './site-changed';

export async function getHeaderFooter(db: Database, websiteId: string): Promise<HeaderFooter> {
  const [row] = await db.select().from(headerFooters).where(eq(headerFooters.websiteId, websiteId));
  // Stored rows may predate the schema: read them through it so the studio gets every field.
  const parsed = headerFooterSchema.safeParse({ header: row?.header ?? {}, footer: row?.footer ?? {} });
  return parsed.success ? parsed.data : headerFooterSchema.parse({ header: {}, footer: {} });
}

export async function putHeaderFooter(db: Database, websiteId: string, value: HeaderFooter): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(headerFooters)
      .values({ websiteId, header: value.header, footer: value.footer })
      .onConflictDoUpdate({
        target: headerFooters.websiteId,
        set: { header: value.header, footer: value.footer },
      });
    await notifySiteChanged(tx, websiteId);
  });
}
