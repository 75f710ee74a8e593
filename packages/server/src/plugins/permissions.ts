import {
  type Access,
  CAPABILITIES,
  type Capability,
  mayAccess,
  roleName,
} from '../services/contributors/permission-policy';

/**
 * The permission table (docs/permissions.md): which studio capability each owner
 * route needs (which role holds which capability: services/contributors/permission-policy.ts).
 * requireOwner (plugins/owner-auth.ts) consults it on every owner route, so enforcement is
 * decided here, by route, in one place. A route missing from ROUTE_CAPABILITIES is refused to
 * every contributor (fail closed); test/contributors/permission-table.test.ts fails when an
 * owner route is missing.
 */

// The roles and their grants are domain policy (services use them too); re-exported for the
// route table's readers.
export * from '../services/contributors/permission-policy';

interface RouteRule {
  capability: Capability;
  /** Default: GET reads, every other method writes. */
  access?: Access;
  /**
   * Some requests of the route change what visitors see at once (the settings of a live
   * page): those also need this capability, to write. The handler says when a request is
   * such a change (requireLiveChange in plugins/owner-auth.ts); this table says what it needs.
   */
  live?: Capability;
}
const r = (capability: Capability, access?: Access): RouteRule => ({ capability, access });

/**
 * Every owner route by `METHOD /pattern` (as Fastify registers it). Add a line here with each
 * new owner route: until then contributors get 403 and the permission-table test fails.
 */
export const ROUTE_CAPABILITIES: Record<string, RouteRule> = {
  // The studio itself: who is signed in, and the pickers' choices.
  'GET /api/studio/session': r('studio'),
  'GET /api/studio/catalog': r('studio'),
  'GET /api/studio/permissions': r('studio'),
  // Each person's own two-step sign-in: anyone who may open the studio, whatever else they may change.
  'GET /api/studio/account/two-factor': r('studio'),
  'POST /api/studio/account/two-factor/setup': r('studio', 'read'),
  'POST /api/studio/account/two-factor/confirm': r('studio', 'read'),
  'POST /api/studio/account/two-factor/recovery-codes': r('studio', 'read'),
  'POST /api/studio/account/two-factor/disable': r('studio', 'read'),
  // Pages, navigation, header and footer.
  'GET /api/studio/pages': r('pages'),
  'POST /api/studio/pages': r('pages'),
  // A page's settings apply at once: changing a live page's (or taking one on- or offline)
  // also needs `publish`; a page visitors cannot see stays the draft editor's to set up.
  'PUT /api/studio/pages/:id/settings': { ...r('pages'), live: 'publish' },
  'DELETE /api/studio/pages/:id': r('publish'),
  'GET /api/studio/pages/:id/layout': r('pages'),
  // A/B tests of page sections: set up like page content; running one or ending it with a
  // winner changes the live page (publish); the readout is analytics.
  'GET /api/studio/ab-tests': r('pages'),
  'POST /api/studio/ab-tests': r('pages'),
  'PUT /api/studio/ab-tests/:id': r('pages'),
  'DELETE /api/studio/ab-tests/:id': r('pages'),
  'POST /api/studio/ab-tests/:id/start': r('publish'),
  'POST /api/studio/ab-tests/:id/stop': r('publish'),
  'POST /api/studio/ab-tests/:id/winner': r('publish'),
  'GET /api/studio/ab-tests/:id/results': r('analytics', 'read'),
  'PUT /api/studio/pages/:id/layout': r('pages'),
  'POST /api/studio/pages/:id/publish': r('publish'),
  // Whether visitors see the site yet; publishing the whole site is a live change.
  'GET /api/studio/launch': r('studio'),
  'POST /api/studio/launch': r('publish'),
  'POST /api/studio/pages/:id/revisions/:revisionId/restore': r('pages'),
  // Renders the blocks' data for the preview: reads only.
  'POST /api/studio/block-data': r('pages', 'read'),
  'GET /api/commondata/GetSiteLayout': r('pages'),
  // The navigation, header and footer have no draft: every save is live.
  'POST /api/widget/UpdateNavigation': r('publish'),
  'GET /api/site-header-footer': r('pages'),
  'PUT /api/site-header-footer': r('publish'),
  // Blog.
  'GET /api/studio/blogs/:blogId/posts': r('blog'),
  'POST /api/studio/blogs/:blogId/posts': r('blog'),
  'PUT /api/studio/blogs/:blogId/posts/:postId': r('blog'),
  'DELETE /api/studio/blogs/:blogId/posts/:postId': r('blog'),
  // Courses are content like blogs: chapters, lessons, their order and the lesson editor.
  'GET /api/studio/courses/:courseId': r('blog'),
  'POST /api/studio/courses/:courseId/chapters': r('blog'),
  'PUT /api/studio/courses/:courseId/chapters/:chapterId': r('blog'),
  'DELETE /api/studio/courses/:courseId/chapters/:chapterId': r('blog'),
  'PUT /api/studio/courses/:courseId/order': r('blog'),
  'POST /api/studio/courses/:courseId/lessons': r('blog'),
  'PUT /api/studio/courses/:courseId/lessons/:lessonId': r('blog'),
  'DELETE /api/studio/courses/:courseId/lessons/:lessonId': r('blog'),
  // Design.
  'GET /api/studio/site-styles': r('design'),
  'PUT /api/studio/site-styles': r('design'),
  'GET /api/owner/popup-overlay': r('design'),
  'PUT /api/owner/popup-overlay': r('design'),
  // Logo, icon, social profiles and the origins embeds may come from (Design → Brand, Embeds).
  'GET /api/studio/branding': r('design'),
  'PUT /api/studio/branding': r('design'),
  // Media.
  'GET /api/studio/media': r('media'),
  'POST /api/studio/media': r('media'),
  'PATCH /api/studio/media/:id': r('media'),
  'DELETE /api/studio/media/:id': r('media'),
  // Products (and their categories and files).
  'GET /api/studio/stores': r('products'),
  // The catalogue in and out (CSV or JSON): reading all products, and creating or changing many.
  'GET /api/studio/catalog/export': r('products'),
  'POST /api/studio/catalog/import': r('products'),
  'GET /api/studio/products': r('products'),
  'GET /api/studio/products/:id': r('products'),
  'POST /api/studio/products': r('products'),
  'PUT /api/studio/products/:id': r('products'),
  'DELETE /api/studio/products/:id': r('products'),
  'GET /api/studio/products/:itemId/file': r('products'),
  'PUT /api/studio/products/:itemId/file': r('products'),
  'PATCH /api/studio/products/:itemId/file': r('products'),
  'DELETE /api/studio/products/:itemId/file': r('products'),
  'POST /api/content-service/product/1.1/websites/:websiteId/products': r('products'),
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories':
    r('products'),
  // Inventory and back-in-stock notices.
  'GET /api/studio/inventory': r('inventory'),
  'PATCH /api/studio/inventory': r('inventory'),
  'GET /api/site-users/account/notifications/restock': r('inventory'),
  'GET /api/site-users/account/notifications/restock/groups': r('inventory'),
  'POST /api/site-users/account/notifications/restock/send': r('inventory'),
  'POST /api/site-users/account/notifications/restock/send/all': r('inventory'),
  // Orders (the owner side; a buyer reads their own with the order's token).
  'GET /api/commerce/orders': r('orders'),
  'GET /api/commerce/orders/:id': r('orders'),
  'POST /api/commerce/orders/:id/capture': r('orders'),
  'POST /api/commerce/orders/:id/fulfill': r('orders'),
  'POST /api/commerce/orders/:id/cancel': r('orders'),
  'POST /api/commerce/orders/:id/refund': r('orders'),
  // The reviews request mail (on or off, its delay) and the digital product preview (page 210,
  // which asks this table for its own route): who may change products sees what buyers get.
  'GET /api/commerce/abandoned-carts': r('orders'),
  'GET /api/commerce/abandoned-carts/settings': r('storeSettings'),
  'PUT /api/commerce/abandoned-carts/settings': r('storeSettings'),
  'GET /api/commerce/review-requests/settings': r('reviews'),
  'PUT /api/commerce/review-requests/settings': r('reviews'),
  'GET /api/commerce/digital-preview/:itemId': r('products', 'write'),
  // Donations (Commerce → Donations): the list and totals are order data; the receipt's
  // wording is a store setting.
  'GET /api/studio/donations': r('orders'),
  'GET /api/studio/donations/settings': r('orders'),
  'PUT /api/studio/donations/settings': r('storeSettings'),
  // Subscriptions (Commerce → Subscriptions): whoever may change orders pauses, resumes, cancels
  // and refunds a renewal (the order refund); the order readers read.
  'GET /api/commerce/subscriptions': r('orders'),
  'GET /api/commerce/subscriptions/:id': r('orders'),
  'POST /api/commerce/subscriptions/:id/pause': r('orders'),
  'POST /api/commerce/subscriptions/:id/resume': r('orders'),
  'POST /api/commerce/subscriptions/:id/cancel': r('orders'),
  'POST /api/commerce/subscriptions/:id/cycles/:cycle/refund': r('orders'),
  // Member plans: each paid plan is sold as a product (its paywall product), so who may change
  // products prices the plans.
  // Member areas: what each unlocks decides what visitors see (a live change, like
  // publishing); who is in one is customers' data, like the customer list (orders).
  'GET /api/studio/members/areas': r('pages'),
  'POST /api/studio/members/areas': r('publish'),
  'PUT /api/studio/members/areas/:areaId': r('publish'),
  'DELETE /api/studio/members/areas/:areaId': r('publish'),
  'GET /api/studio/members/areas/:areaId/content': r('pages'),
  'PUT /api/studio/members/areas/:areaId/content': r('publish'),
  'GET /api/studio/members/areas/:areaId/members': r('orders'),
  'POST /api/studio/members/areas/:areaId/members': r('orders'),
  'DELETE /api/studio/members/areas/:areaId/members/:membershipId': r('orders'),
  'GET /api/studio/members/areas/:areaId/plans': r('products'),
  'POST /api/studio/members/areas/:areaId/plans': r('products'),
  'PUT /api/studio/members/plans/:planId': r('products'),
  'POST /api/studio/members/plans/:planId/archive': r('products'),
  // Customers: who ordered or has an account (read from the orders), their CSV export.
  'GET /api/owner/customers': r('orders'),
  'GET /api/owner/customers/export.csv': r('orders'),
  'GET /api/owner/customers/:customerId': r('orders'),
  // Gift cards: whoever may change orders may issue or disable one; only the owner and admins
  // see whole codes (mayReadMailSecrets).
  'GET /api/owner/gift-cards': r('orders'),
  'POST /api/owner/gift-cards/lookup': r('orders', 'read'),
  'POST /api/owner/gift-cards': r('orders'),
  'POST /api/owner/gift-cards/:giftCardId/disable': r('orders'),
  // Store settings.
  'GET /api/studio/commerce/shipping-options': r('storeSettings'),
  'POST /api/studio/commerce/shipping-options': r('storeSettings'),
  'PUT /api/studio/commerce/shipping-options/:id': r('storeSettings'),
  'DELETE /api/studio/commerce/shipping-options/:id': r('storeSettings'),
  'GET /api/studio/commerce/tax-rules': r('storeSettings'),
  'POST /api/studio/commerce/tax-rules': r('storeSettings'),
  'PUT /api/studio/commerce/tax-rules/:id': r('storeSettings'),
  'DELETE /api/studio/commerce/tax-rules/:id': r('storeSettings'),
  'GET /api/studio/commerce/coupons': r('storeSettings'),
  'POST /api/studio/commerce/coupons': r('storeSettings'),
  'PUT /api/studio/commerce/coupons/:id': r('storeSettings'),
  'DELETE /api/studio/commerce/coupons/:id': r('storeSettings'),
  // Checkout's "Keep me posted" box: a checkout setting, so a store setting (it names a list).
  'GET /api/studio/commerce/checkout-newsletter': r('storeSettings'),
  'PUT /api/studio/commerce/checkout-newsletter': r('storeSettings'),
  'GET /api/v1/commerce-preferences/:namespace': r('storeSettings'),
  'PUT /api/v1/commerce-preferences/:namespace': r('storeSettings'),
  'GET /api/owner/store/payments': r('storeSettings'),
  'PUT /api/owner/store/payments': r('storeSettings'),
  // Sends keys to Stripe: for those who may change them.
  'POST /api/owner/store/payments/check': r('storeSettings'),
  // Reviews.
  'GET /api/owner/reviews': r('reviews'),
  'POST /api/owner/reviews/:reviewId/moderation': r('reviews'),
  'PUT /api/owner/reviews/:reviewId/reply': r('reviews'),
  // Forms, and what visitors sent through them.
  'GET /api/studio/forms': r('forms'),
  'POST /api/studio/forms': r('forms'),
  'GET /api/studio/forms/:formId': r('forms'),
  'PUT /api/studio/forms/:formId': r('forms'),
  'DELETE /api/studio/forms/:formId': r('forms'),
  'GET /api/template/GetTemplateSchema': r('forms'),
  'GET /api/owner/forms': r('submissions'),
  'GET /api/owner/forms/:formId/submissions': r('submissions'),
  'GET /api/owner/forms/:formId/submissions.csv': r('submissions'),
  'DELETE /api/owner/forms/:formId/submissions': r('submissions'),
  // Marketing → Campaigns: composing, test sends, scheduling and sending, the numbers.
  'GET /api/studio/campaigns': r('marketing'),
  'POST /api/studio/campaigns': r('marketing'),
  'GET /api/studio/campaigns/:id': r('marketing'),
  'PUT /api/studio/campaigns/:id': r('marketing'),
  'DELETE /api/studio/campaigns/:id': r('marketing'),
  'POST /api/studio/campaigns/:id/preview': r('marketing', 'read'),
  'POST /api/studio/campaigns/:id/test': r('marketing'),
  'POST /api/studio/campaigns/:id/schedule': r('marketing'),
  'POST /api/studio/campaigns/:id/cancel': r('marketing'),
  'PUT /api/studio/campaigns/settings': r('marketing'),
  // Marketing → Mailing lists: lists, members, import, segments, form opt-ins.
  'GET /api/studio/marketing/lists': r('marketing'),
  'POST /api/studio/marketing/lists': r('marketing'),
  'PUT /api/studio/marketing/lists/:listId': r('marketing'),
  'DELETE /api/studio/marketing/lists/:listId': r('marketing'),
  'GET /api/studio/marketing/lists/:listId/members': r('marketing'),
  'POST /api/studio/marketing/lists/:listId/members': r('marketing'),
  'POST /api/studio/marketing/lists/:listId/members/:memberId/unsubscribe': r('marketing'),
  'DELETE /api/studio/marketing/lists/:listId/members/:memberId': r('marketing'),
  'GET /api/studio/marketing/lists/:listId/export.csv': r('marketing'),
  'POST /api/studio/marketing/lists/:listId/import': r('marketing'),
  'GET /api/studio/marketing/segments': r('marketing'),
  'POST /api/studio/marketing/segments': r('marketing'),
  'DELETE /api/studio/marketing/segments/:segmentId': r('marketing'),
  'POST /api/studio/marketing/segments/preview': r('marketing', 'read'),
  'GET /api/studio/marketing/forms/:formId/opt-in': r('forms'),
  'PUT /api/studio/marketing/forms/:formId/opt-in': r('forms'),
  // Numbers.
  'GET /api/analytics/summary': r('analytics'),
  // Recorded sessions: whoever reads the numbers may watch them; turning recording on or off
  // is a write (the owner and admins).
  'GET /api/analytics/sessions': r('analytics'),
  'GET /api/analytics/sessions/:recordingId/events': r('analytics'),
  'GET /api/analytics/session-replay/settings': r('analytics'),
  'PUT /api/analytics/session-replay/settings': r('analytics'),
  // Mail.
  'GET /api/owner/outbox': r('mail'),
  'POST /api/owner/outbox/:id/retry': r('mail'),
  'POST /api/owner/outbox/test': r('mail'),
  // Domain & mail: the public address, sender and SMTP connection, the test message (it
  // connects to the typed server) and the e-mail preview.
  'GET /api/owner/mail-settings': r('domain'),
  'PUT /api/owner/mail-settings': r('domain'),
  'POST /api/owner/mail-settings/test': r('domain'),
  'GET /api/owner/mail-previews': r('domain'),
  'GET /api/owner/mail-previews/:kind': r('domain'),
  // Languages and translations.
  'GET /api/multilingual/settings': r('languages'),
  'GET /api/multilingual/status': r('languages'),
  'GET /api/multilingual/languages': r('languages'),
  'PUT /api/multilingual/languages': r('languages'),
  'DELETE /api/multilingual/connection': r('languages'),
  'GET /api/multilingual/translations': r('languages'),
  'PUT /api/multilingual/translations': r('languages'),
  // People (contributors and invitations).
  'GET /api/studio/contributors': r('people'),
  'PUT /api/studio/contributors/:id': r('people'),
  'DELETE /api/studio/contributors/:id': r('people'),
  'GET /api/studio/contributors/invitations': r('people'),
  'POST /api/studio/contributors/invitations': r('people'),
  'DELETE /api/studio/contributors/invitations/:id': r('people'),
  // Scheduling: the scheduling role sets up types, staff, hours and holidays; the scheduling
  // editor changes bookings and blocks; the scheduling viewer reads both.
  'GET /api/studio/scheduling/types': r('schedulingSetup'),
  'POST /api/studio/scheduling/types': r('schedulingSetup'),
  'GET /api/studio/scheduling/types/:typeId': r('schedulingSetup'),
  'PUT /api/studio/scheduling/types/:typeId': r('schedulingSetup'),
  'DELETE /api/studio/scheduling/types/:typeId': r('schedulingSetup'),
  'GET /api/studio/scheduling/staff': r('schedulingSetup'),
  'POST /api/studio/scheduling/staff': r('schedulingSetup'),
  'GET /api/studio/scheduling/staff/:staffId': r('schedulingSetup'),
  'PUT /api/studio/scheduling/staff/:staffId': r('schedulingSetup'),
  'DELETE /api/studio/scheduling/staff/:staffId': r('schedulingSetup'),
  'GET /api/studio/scheduling/holidays': r('schedulingSetup'),
  'POST /api/studio/scheduling/holidays': r('schedulingSetup'),
  'DELETE /api/studio/scheduling/holidays/:holidayId': r('schedulingSetup'),
  // A staff member's calendar feed address (issued, shown once, revoked).
  'GET /api/studio/scheduling/staff/:staffId/calendar-feed': r('schedulingSetup'),
  'POST /api/studio/scheduling/staff/:staffId/calendar-feed': r('schedulingSetup'),
  'DELETE /api/studio/scheduling/staff/:staffId/calendar-feed': r('schedulingSetup'),
  'GET /api/studio/scheduling/bookings': r('scheduling'),
  'GET /api/studio/scheduling/bookings/:bookingId': r('scheduling'),
  'POST /api/studio/scheduling/bookings/:bookingId/reschedule': r('scheduling'),
  'POST /api/studio/scheduling/bookings/:bookingId/cancel': r('scheduling'),
  'POST /api/studio/scheduling/bookings/:bookingId/no-show': r('scheduling'),
  'POST /api/studio/scheduling/blocks': r('scheduling'),
  'DELETE /api/studio/scheduling/blocks/:blockId': r('scheduling'),
  // Settings → Developers: API tokens and webhooks send the site's data and powers outside,
  // like the domain and mail settings: changed by the owner and admins only.
  'GET /api/studio/api-tokens': r('domain'),
  'POST /api/studio/api-tokens': r('domain'),
  'DELETE /api/studio/api-tokens/:id': r('domain'),
  'GET /api/studio/webhooks': r('domain'),
  'POST /api/studio/webhooks': r('domain'),
  'PUT /api/studio/webhooks/:id': r('domain'),
  'DELETE /api/studio/webhooks/:id': r('domain'),
  'GET /api/studio/webhooks/:id/deliveries': r('domain'),
  'POST /api/studio/webhooks/:id/deliveries/:deliveryId/resend': r('domain'),
  // Settings → Sign-in with SSO: hands visitors' sign-in to an outside provider (and the
  // check calls the address typed), like the domain settings: the owner and admins only.
  // The site's Google key for address suggestions: it spends the owner's money, like the domain's settings.
  'GET /api/owner/places': r('domain'),
  'PUT /api/owner/places': r('domain'),
  'DELETE /api/owner/places': r('domain'),
  'POST /api/owner/places/check': r('domain'),
  'GET /api/owner/sso': r('domain'),
  'PUT /api/owner/sso': r('domain'),
  'POST /api/owner/sso/check': r('domain'),
  // Marketing → Integrations: Mailchimp (the key, which list feeds which audience).
  'GET /api/owner/mailchimp': r('marketing'),
  'POST /api/owner/mailchimp/connect': r('marketing'),
  'GET /api/owner/mailchimp/audiences': r('marketing'),
  'PUT /api/owner/mailchimp/links': r('marketing'),
  'POST /api/owner/mailchimp/sync': r('marketing'),
  'DELETE /api/owner/mailchimp': r('marketing'),
};

export type RouteDecision =
  | { ok: true }
  | { ok: false; reason: 'unlisted' | 'denied'; capability?: Capability; access?: Access };

/** May a contributor with `roleCode` call `METHOD url` (the matched route pattern)? */
export function decideRoute(roleCode: number | null | undefined, method: string, url: string): RouteDecision {
  const rule = ROUTE_CAPABILITIES[`${method} ${url}`];
  if (!rule) return { ok: false, reason: 'unlisted' };
  const access = rule.access ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
  if (mayAccess(roleCode, rule.capability, access)) return { ok: true };
  return { ok: false, reason: 'denied', capability: rule.capability, access };
}

/**
 * A request of `METHOD url` that changes what visitors see at once: may `roleCode` make it?
 * Routes without a `live` capability need nothing more than the route itself.
 */
export function decideLiveChange(
  roleCode: number | null | undefined,
  method: string,
  url: string,
): RouteDecision {
  const live = ROUTE_CAPABILITIES[`${method} ${url}`]?.live;
  if (!live || mayAccess(roleCode, live, 'write')) return { ok: true };
  return { ok: false, reason: 'denied', capability: live, access: 'write' };
}

/** "Your role (Editor) cannot change orders." */
export function deniedMessage(roleCode: number | null | undefined, decision: RouteDecision): string {
  const role = roleName(roleCode);
  if (decision.ok || decision.reason === 'unlisted' || !decision.capability) {
    return `Your role (${role}) cannot use this part of the studio.`;
  }
  const verb = decision.access === 'read' ? 'see' : 'change';
  return `Your role (${role}) cannot ${verb} ${CAPABILITIES[decision.capability]}.`;
}
