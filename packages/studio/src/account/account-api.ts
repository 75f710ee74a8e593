import type { ApiOutput } from '@store/api/client';
import { ApiFailure, NETWORK_ERROR, call } from '../api';

/** The studio's own pages for signed-out people and the signed-in person's account. */
export const ACCOUNT_PATHS = {
  forgot: '/config/forgot-password',
  /** The link in the reset mail: the token follows `#` (server: services/account-security/reset-mail.ts). */
  reset: '/config/reset-password',
  account: '/config/account',
} as const;

export type TwoFactorStatus = ApiOutput<'GET /api/studio/account/two-factor'>;
export type TwoFactorSetup = ApiOutput<'POST /api/studio/account/two-factor/setup'>;

export const failureText = (error: unknown) => (error instanceof ApiFailure ? error.message : NETWORK_ERROR);

/** Password reset and two-step sign-in (server: routes/password-reset.routes.ts, two-factor.routes.ts). */
export const accountApi = {
  requestReset: (email: string) => call('POST /api/site-users/account/password-reset', { body: { email } }),
  checkReset: (token: string) =>
    call('POST /api/site-users/account/password-reset/check', { body: { token } }),
  completeReset: (token: string, password: string) =>
    call('POST /api/site-users/account/password-reset/complete', { body: { token, password } }),
  codeStep: (ticket: string, code: string) =>
    call('POST /api/site-users/account/session/two-factor', { body: { ticket, code } }),
  status: () => call('GET /api/studio/account/two-factor'),
  setup: () => call('POST /api/studio/account/two-factor/setup'),
  confirm: (code: string) => call('POST /api/studio/account/two-factor/confirm', { body: { code } }),
  renewCodes: (password: string, code: string) =>
    call('POST /api/studio/account/two-factor/recovery-codes', { body: { password, code } }),
  disable: (password: string, code: string) =>
    call('POST /api/studio/account/two-factor/disable', { body: { password, code } }),
};
