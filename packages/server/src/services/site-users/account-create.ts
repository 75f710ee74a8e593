import type { Database } from '../../db/client';
import { siteUsers } from '../../db/schema/index';
import { normaliseEmail } from './accounts';
import { hashPassword } from './password';
import { queueWebhookEvent } from '../webhooks/webhook-events';

/**
 * Create a customer account (always SITE_USER: an owner is made with `npm run create-owner`,
 * never by a visitor). Returns null when the e-mail already has an account on this website,
 * owner or customer alike; the unique index decides, so two sign-ups at once cannot both win.
 */
export async function createCustomerAccount(
  db: Database,
  input: { websiteId: string; email: string; password: string },
): Promise<{ id: string; websiteId: string; role: 'SITE_USER' } | null> {
  // Hashed first, also for a taken e-mail: both answers then take the same time.
  const passwordHash = await hashPassword(input.password);
  const email = normaliseEmail(input.email);
  // The member.joined webhook commits with the account (docs/webhooks.md).
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(siteUsers)
      .values({ websiteId: input.websiteId, email, passwordHash, role: 'SITE_USER' })
      .onConflictDoNothing({ target: [siteUsers.websiteId, siteUsers.email] })
      .returning({ id: siteUsers.id, createdAt: siteUsers.createdAt });
    if (made)
      await queueWebhookEvent(tx, input.websiteId, 'member.joined', () => ({
        object: 'member',
        id: made.id,
        email,
        createdAt: made.createdAt.toISOString(),
      }));
    return made;
  });
  return row ? { id: row.id, websiteId: input.websiteId, role: 'SITE_USER' } : null;
}
