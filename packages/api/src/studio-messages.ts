/**
 * What the studio's content, media, people and settings calls answer when they refuse: the
 * messages of the server's reasons for those areas (packages/server/src/reasons.ts), written
 * once so the server and the studio agree. `{name}` placeholders are filled by the server.
 */
export const STUDIO_MESSAGES = {
  contentNotFound: 'Unable to locate content',
  // Media library
  uploadsBusy: 'Other uploads are being processed. Please try again shortly.',
  mediaNothingToChange: 'Nothing to change: send filename, title, altText or focalPoint.',
  // Contributors and invitations
  invitationInvalid: 'This invitation link is not valid any more. Ask for a new invitation.',
  addressIsOwner: 'This address belongs to the site owner.',
  alreadyContributor: 'This person is already a contributor: change their role instead.',
  invitationNotFound: 'No such invitation.',
  contributorNotFound: 'No such contributor.',
  ownRole: 'You cannot change your own role.',
  roleCeiling: 'Your role ({own}) cannot give the role {role}.',
  // Pages, posts and navigation
  noMainNavigation: 'Unable to find site main navigation',
  navigationPageUnknown: 'navigation: no page has the id {id}.',
  navigationFolderInFolder: 'navigation: folders cannot hold other folders.',
  navigationEntryEmpty: 'navigation: each entry needs a page, a link or a title.',
  navigationUnknown: 'No navigation is named {name}.',
  publishTimeMissing: 'publishAt: a scheduled page needs a publish time.',
  homePageKept: 'The home page cannot be deleted.',
  collectionNotEmpty: 'Remove the items in this collection before deleting it.',
  layoutInvalid: 'The layout is not valid.',
  postNameLength: 'A {kind} is 1 to {max} characters.',
  postNameRepeated: 'This {kind} already exists',
  // Branding
  brandImageMissing: 'The {what} image is not in the media library.',
  iconFileMissing: 'The icon image’s file is missing. Upload it again.',
  iconUnmade: 'The icon could not be made from this image. Try another one.',
  // Languages
  languageRepeated: '{language} is listed twice.',
  defaultLanguageCount: 'Choose exactly one default language.',
  defaultLanguageOff: 'The default language cannot be turned off.',
  // Forms
  formNotFound: 'This form does not exist.',
  // Analytics date ranges
  notACalendarDate: '{field} is not a calendar date.',
  rangeReversed: 'from must not be after to.',
  rangeTooLong: 'The range may span at most {days} days.',
  // Mail outbox
  messageNotFound: 'No such message.',
  messageNotFailed: 'Only a failed message can be retried; this one is {status}.',
  // Lists
  cursorInvalid: 'The cursor is not valid.',
} as const;
