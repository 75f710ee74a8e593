import { ACCOUNT_PATHS } from './account-api';
import { ForgotPassword } from './forgot-password';
import { ResetPassword } from './reset-password';

/** Studio pages that work signed out: asking for a reset link and choosing the new password. */
export const isSignedOutPage = (path: string) =>
  path === ACCOUNT_PATHS.forgot || path === ACCOUNT_PATHS.reset;

export function SignedOutPage({ path }: { path: string }) {
  return path === ACCOUNT_PATHS.reset ? <ResetPassword /> : <ForgotPassword />;
}
