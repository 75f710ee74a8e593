/**
 * Messages the API answers with and its clients (the studio, the islands) show themselves
 * when the server gave none: written once here so both always agree. Spec §8 wording where
 * the spec has it.
 */
export const API_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  uploadTitle: 'Unable to Upload File',
  uploadFailed: 'There was a problem while uploading your file.',
  fileTooLarge: 'file too large',
  unsupportedFile: 'unsupported file type',
  reviewRating: 'Choose a rating from 1 to 5 stars.',
  reviewBody: 'Write a few words about the product.',
  reviewAuthor: 'Please enter your name.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  // A newsletter block's sign-up whose list token does not hold (the page is out of date).
  signupOutdated: 'This sign-up form is out of date. Reload the page and try again.',
  // Customer accounts: the account island shows the same words before it asks.
  accountPasswordShort: 'Use a password of at least 10 characters.',
  accountPasswordLong: 'Use a password of at most 1024 characters.',
  accountEmailTaken: 'An account with this email already exists. Sign in instead.',
  accountOrderNotFound: 'We could not find that order.',
  accountAddressNotFound: 'We could not find that address.',
  // Accepting an invitation: the studio switches to "your current password" on the first.
  invitationAccountExists:
    'This address already has an account on this site. Enter the password of that account to accept.',
  invitationWrongPassword: 'That is not the password of the account with this address.',
  invitationNewPassword: 'Choose a password for your new account.',
} as const;
