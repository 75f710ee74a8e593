import { z } from 'zod';
import { okBody, visitorEmail } from './common';
import { ACCOUNT_PASSWORD } from './customer-account';
import { API_MESSAGES } from './messages';
import { ACCOUNT_SECURITY_MESSAGES } from './account-security-messages';

/** A link's or a sign-in step's token: `<id>.<secret>`. */
const token = z.string().trim().min(1).max(200);
/** A TOTP code (6 digits, spaces allowed) or a recovery code (`xxxx-xxxx-xxxx-xxxx`). */
const code = z
  .string({ message: ACCOUNT_SECURITY_MESSAGES.codeFormat })
  .trim()
  .min(6, ACCOUNT_SECURITY_MESSAGES.codeFormat)
  .max(40, ACCOUNT_SECURITY_MESSAGES.codeFormat);
const newPassword = z
  .string({ message: API_MESSAGES.accountPasswordShort })
  .min(ACCOUNT_PASSWORD.min, API_MESSAGES.accountPasswordShort)
  .max(ACCOUNT_PASSWORD.max, API_MESSAGES.accountPasswordLong)
  .refine((p) => p.trim().length > 0, API_MESSAGES.accountPasswordShort);
const currentPassword = z.string({ message: ACCOUNT_SECURITY_MESSAGES.passwordWrong }).min(1).max(1024);

/** A signed-in session was started (the session cookie is set). */
export const sessionStarted = z.object({ xsrfToken: z.string() });
/** The password was right, but the account also needs a code: send it with this ticket. */
export const secondStepNeeded = z.object({
  twoFactorRequired: z.literal(true),
  /** Valid 5 minutes and a few codes; grants nothing else. */
  ticket: z.string(),
});

const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-step sign-in is off). */
  recoveryCodesLeft: z.number().int(),
});

/**
 * Password reset (owners, contributors, customers) and two-step sign-in with an authenticator
 * app (owners and contributors). Errors and reasons: docs/api-errors.md.
 */
export const accountSecurityRoutes = {
  'POST /api/site-users/account/password-reset': {
    summary:
      'Ask for a link to choose a new password: the same answer, at the same speed, whether or not the address has an account on this site',
    status: 202,
    body: z.object({ email: visitorEmail }),
    response: okBody,
  },
  'POST /api/site-users/account/password-reset/check': {
    summary: 'Is this reset link still good? Answers the address it was sent to',
    body: z.object({ token }),
    response: z.object({ email: z.string() }),
  },
  'POST /api/site-users/account/password-reset/complete': {
    summary:
      'Choose the new password with the link: ends every session of the account, then signs in (or, with two-step sign-in on, asks for a fresh sign-in)',
    body: z.object({ token, password: newPassword }),
    response: z.discriminatedUnion('signedIn', [
      z.object({ signedIn: z.literal(true), xsrfToken: z.string() }),
      z.object({ signedIn: z.literal(false), twoFactorRequired: z.literal(true) }),
    ]),
  },
  'POST /api/site-users/account/session/two-factor': {
    summary:
      'Second sign-in step: the ticket of the password step and a code from the app (or a recovery code)',
    body: z.object({ ticket: token, code }),
    response: sessionStarted,
  },
  'GET /api/studio/account/two-factor': {
    summary: 'Studio: is two-step sign-in on for the signed-in person',
    response: twoFactorStatus,
  },
  'POST /api/studio/account/two-factor/setup': {
    summary:
      'Studio: start setting up an authenticator app (a new secret, its otpauth:// address and QR code); on only after a code confirms it',
    status: 201,
    response: z.object({
      secret: z.string(),
      otpauthUri: z.string(),
      /** The otpauth:// address as a QR code: an SVG image in a data: URL, drawn by the server. */
      qrCode: z.string(),
    }),
  },
  'POST /api/studio/account/two-factor/confirm': {
    summary:
      'Studio: confirm the set-up with a code from the app; answers the recovery codes, shown only now',
    body: z.object({ code }),
    response: z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) }),
  },
  'POST /api/studio/account/two-factor/recovery-codes': {
    summary: 'Studio: new recovery codes (the old ones stop working), with the password and a code',
    body: z.object({ password: currentPassword, code }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  },
  'POST /api/studio/account/two-factor/disable': {
    summary: 'Studio: turn two-step sign-in off, with the password and a code',
    body: z.object({ password: currentPassword, code }),
    response: twoFactorStatus,
  },
} as const;
