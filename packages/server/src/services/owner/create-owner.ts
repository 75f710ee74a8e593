import { isEmailAddress } from '@store/commerce';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { websites } from '../../db/schema/index';
import { createAccount } from '../site-users/accounts';

export const ownerInput = z.object({
  email: z.string().trim().refine(isEmailAddress, 'email is not a valid email address'),
  password: z.string().min(10, 'password must be at least 10 characters').max(1024),
  site: z.string().max(256).optional(),
});
export type OwnerInput = z.infer<typeof ownerInput>;

/**
 * Create (or reset) an owner account on a website (default: the default site). Used by
 * `npm run create-owner` directly, or by a running PGlite server asked over its admin socket.
 */
export async function createOwner(
  db: Database,
  input: OwnerInput,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const site = input.site?.toLowerCase();
  const [found] = await db
    .select({ id: websites.id, identifier: websites.identifier })
    .from(websites)
    .where(
      site
        ? or(eq(websites.identifier, site), sql`${websites.hosts} @> ${JSON.stringify([site])}::jsonb`)
        : eq(websites.isDefault, true),
    )
    .limit(1);
  if (!found)
    return {
      ok: false,
      message: site
        ? `No website with identifier or host "${site}".`
        : 'No default website; run npm run seed first or pass --site.',
    };
  await createAccount(
    db,
    { websiteId: found.id, email: input.email, password: input.password, role: 'OWNER' },
    { upsert: true },
  );
  return { ok: true, message: `owner ${input.email.toLowerCase()} can now sign in on ${found.identifier}` };
}
