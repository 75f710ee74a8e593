import type { Tx } from '../../db/client';
import { siteUsers } from '../../db/schema/index';
import { hashPassword } from './password';

/**
 * Accounts of the demo site (README "Accounts"): an owner for the owner-only endpoints and
 * a customer for sign-in. Demo only: production sites run with SEED_DEMO=false and create
 * their owner with `npm run create-owner`.
 */
export const DEMO_OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' } as const;
export const DEMO_CUSTOMER = {
  email: 'customer@juniper-oak.test',
  password: 'juniper-oak-customer',
} as const;

// Hashed once per process: every test seeds its own demo site, and scrypt is slow on purpose.
let hashes: Promise<[string, string]> | undefined;

export async function seedDemoAccounts(tx: Tx, websiteId: string): Promise<void> {
  hashes ??= Promise.all([hashPassword(DEMO_OWNER.password), hashPassword(DEMO_CUSTOMER.password)]);
  const [ownerHash, customerHash] = await hashes;
  await tx.insert(siteUsers).values([
    { websiteId, email: DEMO_OWNER.email, passwordHash: ownerHash, role: 'OWNER' },
    { websiteId, email: DEMO_CUSTOMER.email, passwordHash: customerHash, role: 'SITE_USER' },
  ]);
}
