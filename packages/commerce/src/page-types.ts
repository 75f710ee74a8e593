/** Page-type codes (spec §2): the server routes by them, the studio and the templates read them. */
export const PageType = {
  collection: 1,
  page: 2,
  contentItem: 50,
  notFound: 100,
  error: 101,
  search: 102,
  lockScreen: 103,
  popupOverlay: 104,
  /** A members-only page (studio page settings) for a visitor who is not signed in. */
  protectedContent: 105,
  /** A page locked by a member area, for a visitor who is not a member of it. */
  memberAreaAccessDenied: 106,
  /** A post, lesson or product locked by a member area: its teaser and the join button. */
  paywall: 107,
  showCart: 200,
  checkout: 201,
  orderConfirmed: 202,
  /** Give to the site (a donation form's own page: amount and frequency, then checkout). */
  donate: 203,
  /** After a donation is paid: thanks and the receipt's summary. */
  contributionConfirmed: 204,
  /** After checkout of an order that started a subscription: what, its price wording, the first renewal. */
  subscriptionConfirmed: 206,
  orderReceived: 207,
  reviewsRequest: 209,
  digitalProductPreview: 210,
  /** After joining a member area (free at once, paid with the order): welcome and the way in. */
  membershipConfirmed: 208,
  orderStatus: 211,
  /** The visitor's account page. Not in the spec's list, which has no such page. */
  customerAccount: 250,
  newsletterUnsubscribe: 300,
  /** Sign-in with SSO: choose the provider, or why the sign-in failed. */
  ssoPage: 400,
  /** A booking's page from its signed link (reschedule, cancel). Not in the spec's list. */
  schedulingManage: 310,
  /** A member area's join page: its plans, signing in, joining. Not in the spec's list. */
  memberJoin: 320,
} as const;

export type PageTypeCode = (typeof PageType)[keyof typeof PageType];

/** Collection type codes (spec §3) used by the router. */
export const CollectionType = { generic: 1, page: 10, products: 13, lessons: 24, course: 25 } as const;

/** Record type codes (spec §3). */
export const RecordType = { text: 1, storeItem: 11, lesson: 62 } as const;
