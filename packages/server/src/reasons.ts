import {
  ADD_TO_CART_ERRORS,
  CART_ERRORS,
  COUPON_ERRORS,
  CATALOG_MESSAGES as CATALOG,
  SUBSCRIPTION_ERRORS,
  fillMessage,
} from '@store/commerce';
import {
  ACCOUNT_SECURITY_MESSAGES as SECURITY,
  DOWNLOAD_MESSAGES as DOWNLOADS,
  GIFT_CARD_MESSAGES as GIFT_CARDS,
  ORDER_MESSAGES as ORDERS,
  STORE_CART_MESSAGES as STORE_CART,
  STORE_PREFERENCE_MESSAGES as PREFERENCES,
  STORE_SETTINGS_MESSAGES as STORE_SETTINGS,
  API_MESSAGES,
  STUDIO_MESSAGES as STUDIO,
} from '@store/api';
import { PLACES_MESSAGES as PLACES, PLATFORM_MESSAGES as PLATFORM } from '@store/api';
import { SCHEDULING_MESSAGES as SCHEDULING } from '@store/api';
import { ORDER_PAGE_MESSAGES as ORDER_PAGES } from '@store/api';
import { SSO_MESSAGES as SSO, SSO_VISITOR_MESSAGES as SSO_VISITOR } from '@store/api';
import { SUBSCRIPTION_MESSAGES as SUBSCRIPTIONS } from '@store/api';
import { COURSE_MESSAGES as COURSES } from '@store/api';
import { AB_TEST_MESSAGES as AB_TESTS, MAILING_LIST_MESSAGES as LISTS } from '@store/api';
import { ApiError, type ErrorCode } from './errors';
import { DONATION_MESSAGES as DONATIONS, FORM_MESSAGES } from '@store/commerce';
import { MEMBER_PLAN_MESSAGES as PLANS } from '@store/api';
import { MEMBER_AREA_MESSAGES as AREAS } from '@store/api';

/**
 * The one table from a service's expected outcome (`reason`) to its HTTP answer: the error
 * code, the status and the spec's message (from the @store/commerce catalogue). Every reason
 * is documented in docs/api-errors.md (a test checks that).
 */
export const reasonCatalogue = {
  ITEM_UNAVAILABLE: { code: 'NOT_FOUND', status: 404, message: ADD_TO_CART_ERRORS.ITEM_UNAVAILABLE },
  OPTION_MISSING: { code: 'UNPROCESSABLE', status: 400, message: ADD_TO_CART_ERRORS.OPTION_MISSING },
  OPTIONS_MISSING: { code: 'UNPROCESSABLE', status: 400, message: ADD_TO_CART_ERRORS.OPTIONS_MISSING },
  VARIANT_UNAVAILABLE: {
    code: 'UNPROCESSABLE',
    status: 400,
    message: ADD_TO_CART_ERRORS.VARIANT_UNAVAILABLE,
  },
  GIFT_CARD_DENOMINATION_MISSING: {
    code: 'UNPROCESSABLE',
    status: 400,
    message: ADD_TO_CART_ERRORS.GIFT_CARD_DENOMINATION_MISSING,
  },
  QUANTITY_NOT_A_NUMBER: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_NOT_A_NUMBER,
  },
  QUANTITY_NOT_WHOLE: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_NOT_WHOLE,
  },
  QUANTITY_OUT_OF_RANGE: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ADD_TO_CART_ERRORS.QUANTITY_OUT_OF_RANGE,
  },
  VARIANT_OUT_OF_STOCK: { code: 'CONFLICT', status: 409, message: ADD_TO_CART_ERRORS.VARIANT_OUT_OF_STOCK },
  ADDITIONAL_FIELDS_REQUIRED: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: CART_ERRORS.CART_INVALID_INFORMATION,
  },
  ENTRY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CART_ERRORS.UPDATE_QUANTITY_FAILED },
  COUPON_UNKNOWN: { code: 'VALIDATION_FAILED', status: 400, message: COUPON_ERRORS.COUPON_UNKNOWN },
  NOT_SUBSCRIBABLE: { code: 'VALIDATION_FAILED', status: 400, message: SUBSCRIPTION_ERRORS.NOT_SUBSCRIBABLE },
  CART_EMPTY: { code: 'VALIDATION_FAILED', status: 400, message: CART_ERRORS.CART_EMPTY },
  MINIMUM_SUBTOTAL: { code: 'VALIDATION_FAILED', status: 400, message: CART_ERRORS.CART_MIN_SUBTOTAL },
  TOTAL_CHANGED: { code: 'TOTAL_CHANGED', status: 409, message: CART_ERRORS.CART_TOTAL_CHANGED },
  PAYMENT_OPTIONS_CHANGED: { code: 'CONFLICT', status: 409, message: CART_ERRORS.CART_PAYMENT_CHANGED },
  GIFT_CARD_SPENT: { code: 'TOTAL_CHANGED', status: 409, message: CART_ERRORS.CART_GIFT_CARD_SPENT },
  // Password reset and two-step sign-in (services/account-security).
  RESET_LINK_INVALID: { code: 'NOT_FOUND', status: 404, message: SECURITY.resetLinkInvalid },
  RESET_RATE_LIMITED: { code: 'RATE_LIMITED', status: 429, message: SECURITY.resetRateLimited },
  TWO_FACTOR_CODE_WRONG: { code: 'UNAUTHORIZED', status: 401, message: SECURITY.codeWrong },
  SIGN_IN_STEP_EXPIRED: { code: 'UNAUTHORIZED', status: 401, message: SECURITY.signInStepExpired },
  TWO_FACTOR_RATE_LIMITED: { code: 'RATE_LIMITED', status: 429, message: SECURITY.codeRateLimited },
  TWO_FACTOR_ALREADY_ON: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorAlreadyOn },
  TWO_FACTOR_NOT_STARTED: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorNotStarted },
  TWO_FACTOR_OFF: { code: 'CONFLICT', status: 409, message: SECURITY.twoFactorOff },
  PASSWORD_WRONG: { code: 'FORBIDDEN', status: 403, message: SECURITY.passwordWrong },
  SECRETS_KEY_MISSING: { code: 'UNPROCESSABLE', status: 422, message: SECURITY.secretsKeyMissing },
  // Scheduling (services/scheduling): a time someone else took first, the type's rules.
  SLOT_TAKEN: { code: 'CONFLICT', status: 409, message: SCHEDULING.slotTaken },
  SLOT_UNAVAILABLE: { code: 'CONFLICT', status: 409, message: SCHEDULING.slotUnavailable },
  BOOKING_TOO_SOON: { code: 'UNPROCESSABLE', status: 422, message: SCHEDULING.tooSoon },
  BOOKING_TOO_FAR: { code: 'UNPROCESSABLE', status: 422, message: SCHEDULING.tooFar },
  BOOKING_CHANGE_CLOSED: { code: 'CONFLICT', status: 409, message: SCHEDULING.changeClosed },
  BOOKING_NOT_ACTIVE: { code: 'CONFLICT', status: 409, message: SCHEDULING.notActive },
  BOOKING_LINK_INVALID: { code: 'NOT_FOUND', status: 404, message: SCHEDULING.linkInvalid },
  SCHEDULING_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: SCHEDULING.notFound },
  SCHEDULING_IN_USE: { code: 'CONFLICT', status: 409, message: SCHEDULING.inUse },
  SCHEDULING_RANGE: { code: 'VALIDATION_FAILED', status: 400, message: SCHEDULING.range },
  INTAKE_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: SCHEDULING.intakeInvalid },
  // The owner's catalogue: stores, categories, products and stock (services/catalog-admin).
  STORE_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CATALOG.storeNotFound },
  NOT_A_STORE: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.notAStore },
  URL_ID_TAKEN: { code: 'CONFLICT', status: 409, message: CATALOG.urlIdTaken },
  CATEGORY_TOO_LONG: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.categoryTooLong },
  TOO_MANY_CATEGORIES: { code: 'UNPROCESSABLE', status: 422, message: CATALOG.tooManyCategories },
  UNKNOWN_CATEGORY: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.unknownCategory },
  CATEGORY_TAKEN: { code: 'CONFLICT', status: 409, message: CATALOG.categoryTaken },
  PRODUCT_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CATALOG.productNotFound },
  TOO_MANY_PRODUCTS: { code: 'UNPROCESSABLE', status: 422, message: CATALOG.tooManyProducts },
  SKU_CONFLICT: { code: 'CONFLICT', status: 409, message: CATALOG.skuConflict },
  SKU_TAKEN: { code: 'CONFLICT', status: 409, message: CATALOG.skuTaken },
  VARIANTS_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.variantsInvalid },
  VARIANT_ID_REPEATED: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.variantIdRepeated },
  UNKNOWN_FORM: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.unknownForm },
  UNKNOWN_IMAGE: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.unknownImage },
  STOCK_CHANGED_TWICE: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.stockTwice },
  UNKNOWN_VARIANT: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.unknownVariant },
  STOCK_SET_AND_ADJUSTED: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.setOrAdjust },
  STOCK_UNTRACKED: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.untrackedStock },
  STOCK_NEGATIVE: { code: 'VALIDATION_FAILED', status: 400, message: CATALOG.negativeStock },
  // The owner's order actions (services/orders); messages from ORDER_MESSAGES in @store/api.
  ORDER_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: ORDERS.notFound },
  ORDER_BUSY: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.busy },
  ORDER_CHANGED: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.changedMeanwhile },
  CAPTURE_NOT_ALLOWED: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.capture },
  FULFILL_NOT_ALLOWED: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.fulfill },
  CANCEL_NOT_ALLOWED: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.cancel },
  REFUND_NOT_ALLOWED: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.refund },
  NOTHING_TO_REFUND: { code: 'ORDER_STATE_CONFLICT', status: 409, message: ORDERS.nothingToRefund },
  TRACKING_REQUIRED: { code: 'VALIDATION_FAILED', status: 400, message: ORDERS.trackingRequired },
  REFUND_TOO_LARGE: { code: 'VALIDATION_FAILED', status: 400, message: ORDERS.refundTooLarge },
  PROVIDER_SILENT: { code: 'PAYMENT_FAILED', status: 402, message: ORDERS.providerSilent },
  PROVIDER_REFUSED: { code: 'PAYMENT_FAILED', status: 402, message: ORDERS.providerRefused },
  // The visitor's cart, its gift cards and checkout's shipping (services/cart.service,
  // gift-cards, checkout/reserve); messages from CART_ERRORS, GIFT_CARD_MESSAGES, STORE_CART_MESSAGES.
  NO_CART: { code: 'NOT_FOUND', status: 404, message: CART_ERRORS.CART_EMPTY },
  REMOVE_ENTRY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CART_ERRORS.REMOVE_ITEM_FAILED },
  FORM_ENTRY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: CART_ERRORS.UPDATE_FORM_FAILED },
  SHIPPING_OPTION_UNAVAILABLE: {
    code: 'NOT_FOUND',
    status: 404,
    message: STORE_CART.shippingOptionUnavailable,
  },
  SHIPPING_ADDRESS_MISSING: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: CART_ERRORS.CART_INVALID_INFORMATION,
  },
  SHIPPING_OPTION_MISSING: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: CART_ERRORS.CART_INVALID_INFORMATION,
  },
  GIFT_CARD_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: GIFT_CARDS.invalid },
  GIFT_CARDS_ONLY: { code: 'VALIDATION_FAILED', status: 400, message: GIFT_CARDS.onlyGiftCards },
  TOO_MANY_GIFT_CARDS: { code: 'VALIDATION_FAILED', status: 400, message: GIFT_CARDS.tooManyCards },
  GIFT_CARD_ENTRY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: GIFT_CARDS.entryNotFound },
  NOT_A_GIFT_CARD: { code: 'VALIDATION_FAILED', status: 400, message: GIFT_CARDS.notAGiftCard },
  GIFT_CARD_BALANCE_CHANGED: { code: 'CONFLICT', status: 409, message: GIFT_CARDS.balanceChanged },
  // Store settings: shipping options, tax rules, coupons, commerce preferences (services/store-settings).
  SETTING_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STORE_SETTINGS.notFound },
  COUPON_CODE_TAKEN: { code: 'CONFLICT', status: 409, message: STORE_SETTINGS.codeTaken },
  COUPON_LIMIT_BELOW_USES: { code: 'VALIDATION_FAILED', status: 400, message: STORE_SETTINGS.usageBelowUsed },
  COUPON_USED_UP: { code: 'CONFLICT', status: 409, message: COUPON_ERRORS.COUPON_USED_UP },
  PREFERENCES_UNKNOWN: { code: 'NOT_FOUND', status: 404, message: STORE_SETTINGS.unknownNamespace },
  PREFERENCES_SITE_GONE: { code: 'NOT_FOUND', status: 404, message: PREFERENCES.siteNotFound },
  PREFERENCES_NOT_AN_OBJECT: { code: 'VALIDATION_FAILED', status: 400, message: PREFERENCES.notAnObject },
  PREFERENCES_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: PREFERENCES.invalid },
  INSTALMENT_RANGE_EMPTY: { code: 'VALIDATION_FAILED', status: 400, message: STORE_SETTINGS.maxAboveMin },
  // A digital product's file (services/downloads); messages from DOWNLOAD_MESSAGES in @store/api.
  FILE_PRODUCT_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: DOWNLOADS.productNotFound },
  NOT_DIGITAL: { code: 'VALIDATION_FAILED', status: 400, message: DOWNLOADS.notDigital },
  FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413, message: DOWNLOADS.tooLarge },
  NO_PRODUCT_FILE: { code: 'NOT_FOUND', status: 404, message: DOWNLOADS.noFile },
  // Saved addresses of a site account (services/site-users/account-addresses).
  ADDRESS_LIMIT: { code: 'CONFLICT', status: 409, message: STORE_CART.addressLimit },
  ADDRESS_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: API_MESSAGES.accountAddressNotFound },
  // The studio's content, media, people and settings (services/media, contributors, studio,
  // branding, languages, forms, analytics, outbox, owner lists); messages from STUDIO_MESSAGES.
  CONTENT_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STUDIO.contentNotFound },
  UPLOAD_FAILED: { code: 'UNPROCESSABLE', status: 422, message: API_MESSAGES.uploadFailed },
  UPLOAD_UNSUPPORTED: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, message: API_MESSAGES.unsupportedFile },
  UPLOAD_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', status: 413, message: API_MESSAGES.fileTooLarge },
  UPLOADS_BUSY: { code: 'SERVICE_UNAVAILABLE', status: 503, message: STUDIO.uploadsBusy },
  MEDIA_NOTHING_TO_CHANGE: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.mediaNothingToChange },
  INVITATION_INVALID: { code: 'NOT_FOUND', status: 404, message: STUDIO.invitationInvalid },
  ADDRESS_IS_OWNER: { code: 'CONFLICT', status: 409, message: STUDIO.addressIsOwner },
  INVITATION_ACCOUNT_EXISTS: { code: 'CONFLICT', status: 409, message: API_MESSAGES.invitationAccountExists },
  INVITATION_PASSWORD_WRONG: {
    code: 'UNAUTHORIZED',
    status: 401,
    message: API_MESSAGES.invitationWrongPassword,
  },
  INVITATION_PASSWORD_NEEDED: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: API_MESSAGES.invitationNewPassword,
  },
  ALREADY_CONTRIBUTOR: { code: 'CONFLICT', status: 409, message: STUDIO.alreadyContributor },
  INVITATION_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STUDIO.invitationNotFound },
  CONTRIBUTOR_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STUDIO.contributorNotFound },
  OWN_ROLE: { code: 'CONFLICT', status: 409, message: STUDIO.ownRole },
  ROLE_CEILING: { code: 'FORBIDDEN', status: 403, message: STUDIO.roleCeiling },
  NO_MAIN_NAVIGATION: { code: 'NOT_FOUND', status: 404, message: STUDIO.noMainNavigation },
  NAVIGATION_PAGE_UNKNOWN: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.navigationPageUnknown },
  NAVIGATION_FOLDER_IN_FOLDER: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: STUDIO.navigationFolderInFolder,
  },
  NAVIGATION_ENTRY_EMPTY: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.navigationEntryEmpty },
  NAVIGATION_UNKNOWN: { code: 'NOT_FOUND', status: 404, message: STUDIO.navigationUnknown },
  PUBLISH_TIME_MISSING: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.publishTimeMissing },
  HOME_PAGE_KEPT: { code: 'CONFLICT', status: 409, message: STUDIO.homePageKept },
  COLLECTION_NOT_EMPTY: { code: 'CONFLICT', status: 409, message: STUDIO.collectionNotEmpty },
  LAYOUT_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.layoutInvalid },
  POST_NAME_LENGTH: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.postNameLength },
  POST_NAME_REPEATED: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.postNameRepeated },
  BRAND_IMAGE_MISSING: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.brandImageMissing },
  ICON_FILE_MISSING: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.iconFileMissing },
  ICON_UNMADE: { code: 'UNPROCESSABLE', status: 422, message: STUDIO.iconUnmade },
  LANGUAGE_REPEATED: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.languageRepeated },
  DEFAULT_LANGUAGE_COUNT: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.defaultLanguageCount },
  DEFAULT_LANGUAGE_OFF: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.defaultLanguageOff },
  FORM_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STUDIO.formNotFound },
  NO_ADDITIONAL_FIELDS: { code: 'FORM_UNPARSEABLE', status: 400, message: FORM_MESSAGES.parse },
  ADDITIONAL_FIELDS_UNPARSEABLE: { code: 'FORM_UNPARSEABLE', status: 400, message: FORM_MESSAGES.parse },
  ADDITIONAL_FIELDS_INVALID: { code: 'FORM_INVALID', status: 400, message: FORM_MESSAGES.invalid },
  NOT_A_CALENDAR_DATE: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.notACalendarDate },
  RANGE_REVERSED: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.rangeReversed },
  RANGE_TOO_LONG: { code: 'VALIDATION_FAILED', status: 400, message: STUDIO.rangeTooLong },
  MESSAGE_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: STUDIO.messageNotFound },
  MESSAGE_NOT_FAILED: { code: 'CONFLICT', status: 409, message: STUDIO.messageNotFailed },
  CURSOR_INVALID: { code: 'BAD_REQUEST', status: 400, message: STUDIO.cursorInvalid },
  // Donations (services/donations): the amount and frequency a donor gives, checked against
  // the donation form's published settings (the amount's message is the shared rule's).
  DONATION_CAMPAIGN_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: DONATIONS.campaignNotFound },
  DONATION_AMOUNT_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: DONATIONS.amountInvalid },
  DONATION_FREQUENCY_UNAVAILABLE: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: DONATIONS.frequencyUnavailable,
  },
  DONATION_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: DONATIONS.donationNotFound },
  // The buyer's reviews request page (page type 209, services/orders/review-requests.ts).
  REVIEW_LINK_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: ORDER_PAGES.reviewLinkNotFound },
  REVIEW_ITEM_NOT_IN_ORDER: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: ORDER_PAGES.reviewItemNotInOrder,
  },
  // Owner API tokens and webhooks (services/api-tokens, services/webhooks).
  API_TOKEN_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: PLATFORM.tokenNotFound },
  API_TOKEN_ROLE_NOT_GRANTABLE: { code: 'FORBIDDEN', status: 403, message: PLATFORM.roleNotGrantable },
  API_TOKENS_TOO_MANY: { code: 'CONFLICT', status: 409, message: PLATFORM.tooManyTokens },
  WEBHOOK_ENDPOINT_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: PLATFORM.endpointNotFound },
  WEBHOOK_DELIVERY_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: PLATFORM.deliveryNotFound },
  WEBHOOK_ENDPOINTS_TOO_MANY: { code: 'CONFLICT', status: 409, message: PLATFORM.tooManyEndpoints },
  WEBHOOK_URL_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: PLATFORM.urlInvalid },
  WEBHOOK_URL_PRIVATE: { code: 'VALIDATION_FAILED', status: 400, message: PLATFORM.urlPrivate },
  WEBHOOK_URL_UNRESOLVABLE: { code: 'VALIDATION_FAILED', status: 400, message: PLATFORM.urlUnresolvable },
  WEBHOOK_SECRETS_KEY_MISSING: { code: 'UNPROCESSABLE', status: 422, message: PLATFORM.secretsKeyMissing },
  PLAN_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: PLANS.priceRequired },
  PLAN_KIND_FIXED: { code: 'VALIDATION_FAILED', status: 400, message: PLANS.kindFixed },
  PLAN_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: PLANS.planNotFound },
  PLAN_AREA_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: PLANS.areaNotFound },
  PLAN_CLOSED: { code: 'CONFLICT', status: 409, message: PLANS.planClosed },
  JOIN_SIGN_IN_REQUIRED: { code: 'UNAUTHORIZED', status: 401, message: PLANS.signInToJoin },
  ALREADY_MEMBER: { code: 'CONFLICT', status: 409, message: PLANS.alreadyMember },
  MEMBER_AREA_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: AREAS.areaNotFound },
  MEMBER_AREA_SLUG_TAKEN: { code: 'CONFLICT', status: 409, message: AREAS.slugTaken },
  MEMBER_CONTENT_UNKNOWN: { code: 'VALIDATION_FAILED', status: 400, message: AREAS.contentUnknown },
  MEMBER_CUSTOMER_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: AREAS.customerNotFound },
  MEMBER_ALREADY: { code: 'CONFLICT', status: 409, message: AREAS.alreadyMember },
  MEMBERSHIP_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: AREAS.membershipNotFound },
  // A customer's or the owner's change to a subscription (services/subscriptions/manage.ts).
  SUBSCRIPTION_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: SUBSCRIPTIONS.notFound },
  SUBSCRIPTION_NOT_PAUSABLE: { code: 'CONFLICT', status: 409, message: SUBSCRIPTIONS.notPausable },
  SUBSCRIPTION_NOT_PAUSED: { code: 'CONFLICT', status: 409, message: SUBSCRIPTIONS.notPaused },
  SUBSCRIPTION_ENDED: { code: 'CONFLICT', status: 409, message: SUBSCRIPTIONS.ended },
  SUBSCRIPTION_ADDRESS_INVALID: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: SUBSCRIPTIONS.addressInvalid,
  },
  SUBSCRIPTION_CARD_REFUSED: { code: 'PAYMENT_FAILED', status: 402, message: SUBSCRIPTIONS.cardRefused },
  RENEWAL_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: SUBSCRIPTIONS.renewalNotFound },
  // Sign-in with SSO (services/sso): the owner's settings, then a visitor's sign-in (shown
  // on the SSO page, page type 400, with the status below).
  // The owner's Google Places key (services/places/places-settings.ts).
  PLACES_KEY_REFUSED: { code: 'UNPROCESSABLE', status: 422, message: PLACES.keyRefused },
  PLACES_UNREACHABLE: { code: 'SERVICE_UNAVAILABLE', status: 503, message: PLACES.unreachable },
  PLACES_SECRETS_KEY_MISSING: { code: 'UNPROCESSABLE', status: 422, message: PLACES.secretsKeyMissing },
  SSO_SETTINGS_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: SSO.notConfigured },
  SSO_SECRETS_KEY_MISSING: { code: 'UNPROCESSABLE', status: 422, message: SSO.secretsKeyMissing },
  SSO_OFF: { code: 'NOT_FOUND', status: 404, message: SSO_VISITOR.off },
  SSO_FLOW_EXPIRED: { code: 'BAD_REQUEST', status: 400, message: SSO_VISITOR.expired },
  SSO_MISMATCH: { code: 'BAD_REQUEST', status: 400, message: SSO_VISITOR.mismatch },
  SSO_PROVIDER_DOWN: { code: 'SERVICE_UNAVAILABLE', status: 503, message: SSO_VISITOR.providerDown },
  SSO_PROVIDER_REFUSED: { code: 'UNAUTHORIZED', status: 401, message: SSO_VISITOR.refusedByProvider },
  SSO_NO_EMAIL: { code: 'UNPROCESSABLE', status: 422, message: SSO_VISITOR.noEmail },
  SSO_EMAIL_UNVERIFIED: { code: 'CONFLICT', status: 409, message: SSO_VISITOR.unverified },
  SSO_STAFF_ACCOUNT: { code: 'FORBIDDEN', status: 403, message: SSO_VISITOR.staff },
  SSO_RACE: { code: 'CONFLICT', status: 409, message: SSO_VISITOR.raced },
  // Courses: the studio's chapters and lessons, a customer's progress (services/courses).
  CHAPTER_NOT_EMPTY: { code: 'CONFLICT', status: 409, message: COURSES.chapterNotEmpty },
  LESSON_VIDEO_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: COURSES.videoInvalid },
  COURSE_ORDER_MISMATCH: { code: 'VALIDATION_FAILED', status: 400, message: COURSES.orderMismatch },
  LESSON_LOCKED: { code: 'FORBIDDEN', status: 403, message: COURSES.lessonLocked },
  COURSE_SIGN_IN_REQUIRED: { code: 'UNAUTHORIZED', status: 401, message: COURSES.signInRequired },
  // A/B tests of page sections (services/ab-tests); the service names the case in its message.
  AB_TEST_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: AB_TESTS.notFound },
  AB_TEST_STATE: { code: 'CONFLICT', status: 409, message: AB_TESTS.state },
  AB_TEST_INVALID: { code: 'VALIDATION_FAILED', status: 400, message: AB_TESTS.invalid },
  AB_TEST_LIST_NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: LISTS.notFound },
} as const satisfies Record<string, { code: ErrorCode; status: number; message: string }>;

export type Reason = keyof typeof reasonCatalogue;

/** An expected outcome of a service: the value, or a reason (with the values its message names). */
export type Outcome<T> =
  | { ok: true; value: T }
  /** `message`: already composed by a @store/commerce rule from the same catalogue (option names …). */
  | {
      ok: false;
      reason: Reason;
      values?: Record<string, string>;
      message?: string;
      /** Figures the answer carries beside the message (e.g. the new total). */
      details?: Record<string, unknown>;
    };

/**
 * Thrown inside a transaction to roll it back with a reason; `asOutcome` turns it into the
 * service's return value, so callers still get a value, never an exception, for an expected outcome.
 */
export class Rejection extends Error {
  override name = 'Rejection';
  constructor(
    readonly reason: Reason,
    readonly values?: Record<string, string>,
    readonly ruleMessage?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
  }
}

export async function asOutcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof Rejection)
      return {
        ok: false,
        reason: error.reason,
        values: error.values,
        message: error.ruleMessage,
        ...(error.details ? { details: error.details } : {}),
      };
    throw error;
  }
}

/** The HTTP edge: the value, or the reason's answer from the table (with `reason` in the body). */
export function valueOrFail<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw answerFor(outcome);
}

/** The HTTP answer of a reason (the error handler's too, for a `Rejection` no service caught). */
export function answerFor(outcome: Extract<Outcome<unknown>, { ok: false }> | Rejection): ApiError {
  const failed =
    outcome instanceof Rejection
      ? {
          reason: outcome.reason,
          values: outcome.values,
          message: outcome.ruleMessage,
          details: outcome.details,
        }
      : outcome;
  const entry: { code: ErrorCode; status: number; message: string } = reasonCatalogue[failed.reason];
  const message = failed.message ?? fillMessage(entry.message, failed.values);
  return new ApiError(entry.code, message, { ...failed.details, reason: failed.reason }, entry.status);
}

/**
 * A reason about one field of the request: the answer's `errors` maps the field to the message
 * (the reason's, filled with `values`, or a rule's already composed `ruleMessage`).
 */
export function fieldRejection(
  reason: Reason,
  field: string,
  values?: Record<string, string>,
  ruleMessage?: string,
): Rejection {
  const message = ruleMessage ?? fillMessage(reasonCatalogue[reason].message, values);
  return new Rejection(reason, values, ruleMessage, { errors: { [field]: message } });
}
