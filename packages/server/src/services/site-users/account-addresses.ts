import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { siteUserAddresses, siteUsers } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import type { ShippingAddress } from '../checkout.service';

/** Saved addresses per account: enough for anyone, and a bound on what one account can store. */
export const MAX_ADDRESSES = 20;

type User = { websiteId: string; id: string };
type Row = typeof siteUserAddresses.$inferSelect;

const view = (row: Row) => ({
  id: row.id,
  address: row.address as unknown as ShippingAddress,
  isDefault: row.isDefault,
  createdOn: row.createdAt.getTime(),
});

const mine = (user: User) =>
  and(eq(siteUserAddresses.websiteId, user.websiteId), eq(siteUserAddresses.siteUserId, user.id));

/** The default first, then oldest first (the order the account page and checkout offer them). */
export async function listAddresses(db: Database | Tx, user: User) {
  const rows = await db
    .select()
    .from(siteUserAddresses)
    .where(mine(user))
    .orderBy(desc(siteUserAddresses.isDefault), asc(siteUserAddresses.createdAt), asc(siteUserAddresses.id));
  return rows.map(view);
}

/**
 * Every change runs with the account's row locked: two requests that each make a different
 * address the default cannot both clear "the others" before either sets its own, so an
 * account never ends up with two defaults (and the count limit cannot be raced past).
 * A Rejection thrown by `work` rolls it back and is the outcome.
 */
function lockedForAccount<T>(db: Database, user: User, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: siteUsers.id }).from(siteUsers).where(eq(siteUsers.id, user.id)).for('update');
      return work(tx);
    }),
  );
}

async function clearOtherDefaults(tx: Tx, user: User, keepId: string) {
  await tx
    .update(siteUserAddresses)
    .set({ isDefault: false })
    .where(and(mine(user), ne(siteUserAddresses.id, keepId), eq(siteUserAddresses.isDefault, true)));
}

export function addAddress(
  db: Database,
  user: User,
  input: { address: ShippingAddress; isDefault: boolean },
) {
  return lockedForAccount(db, user, async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(siteUserAddresses)
      .where(mine(user));
    const existing = Number(count?.n ?? 0);
    if (existing >= MAX_ADDRESSES) throw new Rejection('ADDRESS_LIMIT', { max: String(MAX_ADDRESSES) });
    // The first address is the default: an account with addresses always has one to offer.
    const isDefault = input.isDefault || existing === 0;
    const row = theRow(
      await tx
        .insert(siteUserAddresses)
        .values({
          websiteId: user.websiteId,
          siteUserId: user.id,
          address: input.address as unknown as Record<string, string>,
          isDefault,
        })
        .returning(),
      'insert into site_user_addresses',
    );
    if (isDefault) await clearOtherDefaults(tx, user, row.id);
    return view(row);
  });
}

export function updateAddress(
  db: Database,
  user: User,
  id: string,
  input: { address: ShippingAddress; isDefault: boolean },
) {
  return lockedForAccount(db, user, async (tx) => {
    const [row] = await tx
      .update(siteUserAddresses)
      .set({ address: input.address as unknown as Record<string, string>, isDefault: input.isDefault })
      .where(and(mine(user), eq(siteUserAddresses.id, id)))
      .returning();
    if (!row) throw new Rejection('ADDRESS_NOT_FOUND');
    if (row.isDefault) await clearOtherDefaults(tx, user, row.id);
    return view(row);
  });
}

/** Delete one; when it was the default, the oldest remaining address becomes the default. */
export function deleteAddress(db: Database, user: User, id: string) {
  return lockedForAccount(db, user, async (tx) => {
    const [gone] = await tx
      .delete(siteUserAddresses)
      .where(and(mine(user), eq(siteUserAddresses.id, id)))
      .returning();
    if (!gone) throw new Rejection('ADDRESS_NOT_FOUND');
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: siteUserAddresses.id })
        .from(siteUserAddresses)
        .where(mine(user))
        .orderBy(asc(siteUserAddresses.createdAt), asc(siteUserAddresses.id))
        .limit(1);
      if (next)
        await tx.update(siteUserAddresses).set({ isDefault: true }).where(eq(siteUserAddresses.id, next.id));
    }
  });
}
