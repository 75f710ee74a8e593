/**
 * What the password reset and two-step sign-in calls answer, and what the storefront and the
 * studio show before they ask: written once so both always agree.
 */
export const ACCOUNT_SECURITY_MESSAGES = {
  resetRequested:
    'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.',
  resetLinkInvalid:
    'This link to choose a new password does not work any more: it was used, a newer one was sent, or it is over an hour old. Ask for a new link.',
  resetRateLimited: 'Too many requests for a new password. Please try again later.',
  resetDone: 'Your password is changed and you are signed out everywhere else.',
  resetDoneSignIn: 'Your password is changed. Sign in with it and a code from your authenticator app.',
  codeWrong:
    'That code is not right. Type the 6 digits your authenticator app shows now, or one of your recovery codes.',
  codeFormat: 'Type the 6 digits from your authenticator app, or a recovery code.',
  signInStepExpired:
    'This sign-in took too long or had too many wrong codes. Sign in again with your password.',
  codeRateLimited: 'Too many wrong codes. Please wait 15 minutes and try again.',
  twoFactorAlreadyOn: 'Two-step sign-in is already on for your account.',
  twoFactorNotStarted: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  twoFactorOff: 'Two-step sign-in is not on for your account.',
  passwordWrong: 'That is not your current password.',
  secretsKeyMissing:
    'Two-step sign-in cannot be turned on yet: the server has no key to seal authenticator secrets with. Set SECRETS_KEY on the server and restart it.',
} as const;
