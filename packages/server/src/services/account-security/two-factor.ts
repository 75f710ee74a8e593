import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { siteUsers, staffTwoFactor, twoFactorRecoveryCodes } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { SecretBoxSource } from '../payments/secret-box';
import { verifyPassword } from '../site-users/password';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { acceptedStep, newTotpSecret, otpauthUri, qrCodeDataUrl, totpDigits } from './totp';

type Db = Database | Tx;

/** The staff member acting on their own account. */
export interface Staff {
  id: string;
  websiteId: string;
  email: string;
}

/** The sealed secret opens only for its own account: it cannot be copied to another row. */
const sealContext = (siteUserId: string) => `staff_two_factor.secret:${siteUserId}`;

async function rowOf(db: Db, siteUserId: string) {
  const [row] = await db
    .select()
    .from(staffTwoFactor)
    .where(eq(staffTwoFactor.siteUserId, siteUserId))
    .limit(1);
  return row ?? null;
}

/** The secret, or null when it cannot be opened: sealed under another key (SECRETS_KEY changed). */
function openSecret(box: SecretBoxSource, row: { siteUserId: string; secretSealed: string }): string | null {
  if (!box.ok) throw new Rejection('SECRETS_KEY_MISSING');
  const opened = box.box.open(row.secretSealed, sealContext(row.siteUserId));
  return opened.ok ? opened.value : null;
}

/** The step of `code` for a secret that opened (else no step: only recovery codes still work). */
const stepOf = (secret: string | null, code: string, nowMs: number, lastStep: number | null) =>
  secret === null ? null : acceptedStep(secret, code, nowMs, lastStep);

export async function twoFactorStatus(db: Db, siteUserId: string) {
  const row = await rowOf(db, siteUserId);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.siteUserId, siteUserId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/** Is two-step sign-in on for this account? (The sign-in asks for a code when it is.) */
export async function twoFactorEnabled(db: Db, siteUserId: string): Promise<boolean> {
  return Boolean((await rowOf(db, siteUserId))?.enabledAt);
}

/**
 * Start (or start over) setting up an authenticator: a new secret, sealed, waiting for its
 * first code. Nothing changes for sign-in until confirmTwoFactor accepts a code.
 */
export function beginTwoFactor(
  db: Database,
  box: SecretBoxSource,
  staff: Staff,
  issuer: string,
): Promise<Outcome<{ secret: string; otpauthUri: string; qrCode: string }>> {
  return asOutcome(async () => {
    if (!box.ok) throw new Rejection('SECRETS_KEY_MISSING');
    if ((await rowOf(db, staff.id))?.enabledAt) throw new Rejection('TWO_FACTOR_ALREADY_ON');
    const secret = newTotpSecret();
    const pending = {
      secretSealed: box.box.seal(secret, sealContext(staff.id)),
      enabledAt: null,
      lastStep: null,
    };
    const [saved] = await db
      .insert(staffTwoFactor)
      .values({ siteUserId: staff.id, websiteId: staff.websiteId, ...pending })
      .onConflictDoUpdate({
        target: staffTwoFactor.siteUserId,
        set: pending,
        where: isNull(staffTwoFactor.enabledAt),
      })
      .returning({ id: staffTwoFactor.siteUserId });
    // Confirmed meanwhile (another tab): the set-up on record stays as it is.
    if (!saved) throw new Rejection('TWO_FACTOR_ALREADY_ON');
    const uri = otpauthUri(secret, issuer, staff.email);
    return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
  });
}

/** Turn it on with the first code from the app; answers the recovery codes (seen only now). */
export function confirmTwoFactor(
  db: Database,
  box: SecretBoxSource,
  staff: Staff,
  code: string,
  now: Date,
): Promise<Outcome<{ recoveryCodes: string[] }>> {
  return asOutcome(async () => {
    const row = await rowOf(db, staff.id);
    if (row?.enabledAt) throw new Rejection('TWO_FACTOR_ALREADY_ON');
    if (!row) throw new Rejection('TWO_FACTOR_NOT_STARTED');
    const step = stepOf(openSecret(box, row), code, now.getTime(), null);
    if (step === null) throw new Rejection('TWO_FACTOR_CODE_WRONG');
    return db.transaction(async (tx) => {
      const [on] = await tx
        .update(staffTwoFactor)
        .set({ enabledAt: now, lastStep: step })
        .where(
          and(
            eq(staffTwoFactor.siteUserId, staff.id),
            eq(staffTwoFactor.secretSealed, row.secretSealed),
            isNull(staffTwoFactor.enabledAt),
          ),
        )
        .returning({ id: staffTwoFactor.siteUserId });
      // Another set-up replaced this secret, or a confirm won the race.
      if (!on) throw new Rejection('TWO_FACTOR_NOT_STARTED');
      return { recoveryCodes: await replaceRecoveryCodes(tx, staff.id) };
    });
  });
}

/**
 * The second factor of an account whose two-step sign-in is on: a current code of its app
 * (each code once: the step must be later than the last one accepted, recorded by a
 * conditional UPDATE), or one of its unused recovery codes.
 */
export async function checkSecondFactor(
  db: Db,
  box: SecretBoxSource,
  siteUserId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await rowOf(db, siteUserId);
  if (!row?.enabledAt) return false;
  if (!totpDigits(code)) return spendRecoveryCode(db, siteUserId, code, now);
  const step = stepOf(openSecret(box, row), code, now.getTime(), row.lastStep);
  if (step === null) return false;
  const [taken] = await db
    .update(staffTwoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(staffTwoFactor.siteUserId, siteUserId),
        isNotNull(staffTwoFactor.enabledAt),
        or(isNull(staffTwoFactor.lastStep), lt(staffTwoFactor.lastStep, step)),
      ),
    )
    .returning({ id: staffTwoFactor.siteUserId });
  return Boolean(taken);
}

/** Password and a code, for the changes that weaken or renew the second factor. */
async function proveBoth(
  db: Database,
  box: SecretBoxSource,
  staff: Staff,
  password: string,
  code: string,
  now: Date,
) {
  if (!(await twoFactorEnabled(db, staff.id))) throw new Rejection('TWO_FACTOR_OFF');
  const [account] = await db
    .select({ passwordHash: siteUsers.passwordHash })
    .from(siteUsers)
    .where(eq(siteUsers.id, staff.id));
  if (!account || !(await verifyPassword(password, account.passwordHash)))
    throw new Rejection('PASSWORD_WRONG');
  if (!(await checkSecondFactor(db, box, staff.id, code, now))) throw new Rejection('TWO_FACTOR_CODE_WRONG');
}

/** Turn two-step sign-in off: the secret and every recovery code are deleted. */
export function disableTwoFactor(
  db: Database,
  box: SecretBoxSource,
  staff: Staff,
  input: { password: string; code: string },
  now: Date,
): Promise<Outcome<{ enabled: false; recoveryCodesLeft: 0 }>> {
  return asOutcome(async () => {
    await proveBoth(db, box, staff, input.password, input.code, now);
    await db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.siteUserId, staff.id));
      await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.siteUserId, staff.id));
    });
    return { enabled: false as const, recoveryCodesLeft: 0 as const };
  });
}

/** New recovery codes; the old ones stop working. */
export function renewRecoveryCodes(
  db: Database,
  box: SecretBoxSource,
  staff: Staff,
  input: { password: string; code: string },
  now: Date,
): Promise<Outcome<{ recoveryCodes: string[] }>> {
  return asOutcome(async () => {
    await proveBoth(db, box, staff, input.password, input.code, now);
    return { recoveryCodes: await db.transaction((tx) => replaceRecoveryCodes(tx, staff.id)) };
  });
}
