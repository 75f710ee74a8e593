// @store/api: the HTTP API contract (zod schemas per route) and the typed client.
export { cartEntry, shoppingCart } from './cart';
export { errorBody, visitorEmail } from './common';
export { API_MESSAGES } from './messages';
export { ACCOUNT_SECURITY_MESSAGES } from './account-security-messages';
export { STUDIO_MESSAGES } from './studio-messages';
export {
  DOWNLOAD_MESSAGES,
  GIFT_CARD_MESSAGES,
  ORDER_MESSAGES,
  STORE_CART_MESSAGES,
  STORE_PREFERENCE_MESSAGES,
} from './store-messages';
export {
  type CommerceNamespace,
  commerceNamespaces,
  commercePreferenceSchemas,
  couponInput,
  type InstalmentPreferences,
  STORE_SETTINGS_MESSAGES,
  type StorePreferences,
  shippingOptionInput,
  taxRuleInput,
} from './store-settings';
export { type Contract, contract, type RouteDef, type RouteKey } from './contract';
export {
  PAYMENT_SETTINGS_MESSAGES,
  type PaymentSettings,
  type PaymentSettingsInput,
  STRIPE_KEY_PATTERNS,
  STRIPE_WEBHOOK_PATH,
  stripeKeyMode,
} from './payment-settings';
export {
  MAIL_SETTINGS_MESSAGES,
  type MailSettings,
  type MailSettingsInput,
  SMTP_DEFAULT_PORTS,
  type SmtpConnectionInput,
  type SmtpSecurityChoice,
} from './mail-settings';
export {
  type Branding,
  type BrandingInput,
  brandingBody,
  brandingView,
  MAX_EMBED_ORIGINS,
} from './studio-branding';
export { order } from './checkout';
export { SETUP_MESSAGES } from './setup';
export {
  SSO_MESSAGES,
  SSO_VISITOR_MESSAGES,
  type SsoSettingsInput,
  type SsoSettingsView,
} from './sso';
export { isLanguageTag, languageTag } from './multilingual';
export { type IslandData, islandData, type IslandProduct } from './island-data';
export type { ApiInput, ApiOutput } from './client';
export { mediaAsset, mediaPatchBody, type PostInput, postUpdateBody } from './studio-media';
export {
  pageKind,
  type PageSettingsInput,
  pageSettingsBody,
  pageStatus,
  pageSummary,
} from './studio-pages';
export {
  CATALOG_TRANSFER_MESSAGES,
  importResult,
  type TransferProduct,
  transferCatalog,
  transferProduct,
} from './catalog-transfer';
export {
  type ProductInput,
  productBody,
  storeCreateBody,
  type VariantInput,
} from './studio-products';
export {
  type HeaderFooter,
  headerFooterSchema,
  type NavigationInput,
  type NavigationLink,
  navigationItem,
} from './studio-site';
export {
  buttonBody,
  clankerBody,
  errorReport,
  eventName,
  formRenderBody,
  hitBody,
  hitData,
  identifier,
  metric,
  metrics,
  overlayBody,
  pageFields,
  pageTypeCode,
  pageUrl,
  performanceEvent,
  positiveInt,
  quickViewBody,
  recordEventBody,
  shortText,
  size,
  timestampMs,
  trackingLimits,
} from './tracking-shapes';
export {
  FIELD_PROPERTIES,
  FIELD_PROPERTY_KINDS,
  FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  type FieldPropertyKind,
  type FormBody,
  type FormDefinitionInput,
  type FormFieldInput,
  type FormFieldType,
  formBody,
  type StudioForm,
  type StudioFormSummary,
  type TemplateSchema,
} from './studio-forms';
export { CONTRIBUTOR_ROLE_CODES, CONTRIBUTOR_ROLES, type ContributorRoleCode } from './contributors';
export {
  type ApiTokenView,
  PLATFORM_MESSAGES,
  platformLimits,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEvent,
} from './platform';
export {
  CUSTOMER_SORTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_STATUSES,
  giftCardLimits,
  issueGiftCardBody,
} from './owner-store';
export { POPUP_TRIGGERS, popupLimits, popupOverlayBody } from './newsletter';
export {
  LIST_IMPORT_MAX_BYTES,
  LIST_IMPORT_MAX_ROWS,
  MAILING_LIST_MESSAGES,
  type ListImportResult,
  type ListMember,
  type MailingList,
  segmentRule,
} from './mailing-lists';
export {
  PLACES_MESSAGES,
  type PlacesSettingsView,
  placeAddress,
  placeSuggestion,
  placesLimits,
  placesSettingsView,
} from './places';
export { REVIEW_FILTERS, reviewLimits, reviewReplyBody } from './reviews';
export {
  type AppointmentType,
  type AppointmentTypeInput,
  appointmentTypeBody,
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
  type PublicBooking,
  SCHEDULING_MESSAGES,
  type StaffInput,
  type StaffMember,
  schedulingLimits,
  staffBody,
  type TimeBlock,
  WEEKDAYS,
} from './scheduling';
export { fieldErrors } from './field-errors';
export {
  BILLING_UNITS,
  MEMBER_PLAN_KINDS,
  MEMBER_PLAN_MESSAGES,
  type MemberAreaOffer,
  type MemberPlan,
  type MemberPlanInput,
  memberPlanInput,
  memberPlanLimits,
  memberPlanProblems,
} from './member-plans';
export {
  SUBSCRIPTION_MESSAGES,
  subscriptionDetail,
  subscriptionStatus,
  subscriptionView,
} from './subscriptions';
export { donationCampaign, donationRoutes, donationTotals } from './donations';
export {
  MEMBER_AREA_MESSAGES,
  MEMBER_CONTENT_KINDS,
  type AreaMember,
  type MemberArea,
  type MemberAreaInput,
  type MemberContentChoice,
  memberAreaInput,
} from './member-areas';
export { ORDER_PAGE_MESSAGES, type ReviewRequestSettingsView, reviewRequestSettings } from './order-pages';
export { COURSE_MESSAGES, type LessonInput, lessonUpdateBody, studioCourse } from './courses';
export { replayBatch, type ReplayBatch, type SessionSummary } from './session-replay';
export {
  AUTOMATED_MOCK_ID,
  SESSION_REPLAY_LIMITS,
  mayRecordSession,
  siteAllowsRecording,
} from './session-replay-rule';
export {
  CART_RECOVERY_MESSAGES,
  type CartRecoverySettingsView,
  MAX_REMINDER_DELAY_MINUTES,
} from './cart-recovery';
export {
  CHECKOUT_NEWSLETTER_DEFAULT_LABEL,
  CHECKOUT_NEWSLETTER_LABEL_MAX,
  CHECKOUT_NEWSLETTER_MESSAGES,
  type CheckoutNewsletterSettings,
  type CheckoutNewsletterView,
} from './checkout-newsletter';
export {
  AB_GOALS,
  AB_LETTERS,
  AB_MAX_VARIANTS,
  AB_MIN_VISITORS,
  AB_TEST_MESSAGES,
  type AbComparison,
  type AbResultRow,
  type AbTestView,
  abCompare,
  abVariantIndex,
} from './ab-tests';
export {
  MAILCHIMP_KEY_PATTERN,
  MAILCHIMP_MESSAGES,
  type MailchimpAudience,
  type MailchimpView,
} from './mailchimp';
export {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_RATE,
  type CampaignBlockInput,
  type CampaignView,
  campaignBlock,
  campaignInput,
} from './campaigns';
