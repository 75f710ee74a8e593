import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '../pages/render-page';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { checkoutPaymentPolicy } from '../plugins/checkout-csp';
import { analyticsRoutes } from './analytics.routes';
import { apiTokenRoutes } from './api-tokens.routes';
import { campaignRoutes } from './campaigns.routes';
import { cartRoutes } from './cart.routes';
import { cartRecoveryRoutes } from './cart-recovery.routes';
import { censusRoutes } from './census.routes';
import { sessionReplayRoutes } from './session-replay.routes';
import { type CheckoutRouteOptions, checkoutRoutes } from './checkout.routes';
import { clankerRoutes } from './clanker.routes';
import { contributorRoutes } from './contributors.routes';
import { customerAccountRoutes } from './customer-account.routes';
import { donationRoutes } from './donations.routes';
import { downloadRoutes } from './downloads.routes';
import { eventsRoutes } from './events.routes';
import { formRoutes } from './forms.routes';
import { giftCardRoutes } from './gift-cards.routes';
import { healthRoutes } from './health.routes';
import { inventoryRoutes } from './inventory.routes';
import { mailSettingsRoutes } from './mail-settings.routes';
import { metricsRoutes } from './metrics.routes';
import { memberPlanRoutes } from './member-plans.routes';
import { memberAreaRoutes } from './member-areas.routes';
import { multilingualRoutes } from './multilingual.routes';
import { newsletterRoutes } from './newsletter.routes';
import { mailingListRoutes } from './mailing-lists.routes';
import { placesRoutes } from './places.routes';
import { openApiRoutes } from './openapi.routes';
import { orderRoutes } from './orders.routes';
import { orderPageRoutes } from './order-pages.routes';
import { ownerDataRoutes } from './owner-data.routes';
import { ownerStoreRoutes } from './owner-store.routes';
import { ownerRoutes } from './owner.routes';
import { pageRoutes } from './pages.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { paymentConfigRoutes } from './payment-config.routes';
import { paymentSettingsRoutes } from './payment-settings.routes';
import { performanceRoutes } from './performance.routes';
import { restockRoutes } from './restock.routes';
import { reviewRoutes } from './reviews.routes';
import { schedulingFeedRoutes } from './scheduling-feed.routes';
import { schedulingPublicRoutes } from './scheduling-public.routes';
import { schedulingRoutes } from './scheduling.routes';
import { seoRoutes } from './seo.routes';
import { subscriptionRoutes } from './subscriptions.routes';
import { setupRoutes } from './setup.routes';
import { siteUserRoutes } from './site-users.routes';
import { ssoRoutes } from './sso.routes';
import { mailchimpRoutes } from './mailchimp.routes';
import { staticAssetRoutes } from './static-assets.routes';
import { storeContentRoutes } from './store-content.routes';
import { storeSettingsRoutes } from './store-settings.routes';
import { studioAppRoutes } from './studio-app.routes';
import { studioBrandingRoutes } from './studio-branding.routes';
import { studioFormRoutes } from './studio-forms.routes';
import { studioMediaRoutes } from './studio-media.routes';
import { studioPageRoutes } from './studio-pages.routes';
import { studioPostRoutes } from './studio-posts.routes';
import { courseProgressRoutes, studioCourseRoutes } from './courses.routes';
import { studioProductRoutes } from './studio-products.routes';
import { catalogTransferRoutes } from './catalog-transfer.routes';
import { studioSiteRoutes } from './studio-site.routes';
import { abConversions, abTestPublicRoutes, abTestStudioRoutes } from './ab-tests.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { webhookRoutes } from './webhooks.routes';

/** What buildApp hands the routes beyond the app's config (tests set most of it). */
export interface RouteOptions {
  /** Cart writes allowed per IP per 10 s (false disables). */
  cartWritesPer10s?: number | false;
  /** Checkout timing and the points a crash test stops the process at. */
  checkout?: CheckoutRouteOptions;
  /** The clock of reset links, sign-in tickets and authenticator codes. */
  accountClock?: () => Date;
  /** Renders site pages (default: the theme through the template engine). */
  pageRenderer?: PageRenderer;
  /** The demo site seeded at this start, if one was. */
  demoSiteSeeded?: string;
  /** A site's payment settings were saved: its cached provider is forgotten. */
  onPaymentSettingsSaved?: (siteId: string) => void;
}

/**
 * The studio's API areas and the app under /config, in one scope: a successful studio write
 * drops this process's cached pages of the site before it answers.
 */
async function studioRoutes(studio: FastifyInstance): Promise<void> {
  studio.addHook('onSend', dropSitePagesOnSuccess);
  await studio.register(studioSiteRoutes);
  await studio.register(studioBrandingRoutes);
  await studio.register(studioFormRoutes);
  await studio.register(studioPageRoutes);
  await studio.register(studioMediaRoutes);
  await studio.register(studioPostRoutes);
  await studio.register(studioCourseRoutes);
  // Member areas: what each unlocks changes what pages show (the cached ones are dropped).
  await studio.register(memberAreaRoutes);
  await studio.register(storeContentRoutes);
  await studio.register(studioProductRoutes);
  await studio.register(catalogTransferRoutes);
  await studio.register(studioAppRoutes);
  await studio.register(multilingualRoutes);
  // A/B tests: starting, stopping or ending one changes what the page shows.
  await studio.register(abTestStudioRoutes);
}

/**
 * Every route plugin of this folder, one encapsulated plugin per API area (spec §7), registered
 * by buildApp after the edge plugins (plugins/index.ts). A new `<area>.routes.ts` gets its line
 * here; the order only matters where a comment says so.
 */
export async function registerRoutes(app: FastifyInstance, options: RouteOptions = {}): Promise<void> {
  const { config } = app;
  await app.register(healthRoutes);
  await app.register(metricsRoutes, { token: config.metricsToken });
  await app.register(staticAssetRoutes);
  await app.register(seoRoutes);
  // API areas (spec §7), under /api.
  const cartLimit = options.cartWritesPer10s ?? config.cartWritesPer10s ?? 100;
  // Before the goal routes (cart, checkout, forms): their successes count as test conversions.
  await app.register(abConversions);
  await app.register(cartRoutes, { writesPer10s: cartLimit === 0 ? false : cartLimit });
  await app.register(inventoryRoutes);
  await app.register(checkoutRoutes, {
    reservationSeconds: config.checkoutReservationSeconds,
    ...options.checkout,
  });
  await app.register(giftCardRoutes);
  await app.register(downloadRoutes, { demoSiteSeeded: options.demoSiteSeeded });
  await app.register(orderRoutes);
  // Donations: the donation block and donate page (203/204), the owner's Donations screen.
  await app.register(donationRoutes);
  // The order pages' API and the reviews request job (pages 207, 209, 210, 211).
  await app.register(orderPageRoutes);
  await app.register(cartRecoveryRoutes);
  // E-mail campaigns: the editor, the mails' links, and the worker that queues them.
  await app.register(campaignRoutes);
  await app.register(siteUserRoutes, { now: options.accountClock });
  await app.register(customerAccountRoutes);
  // A customer's lesson progress ("Mark complete" on lesson pages).
  await app.register(courseProgressRoutes);
  // Subscriptions: the customer's on their account page, the owner's in the studio.
  await app.register(subscriptionRoutes, { now: options.accountClock });
  await app.register(passwordResetRoutes, { now: options.accountClock });
  await app.register(twoFactorRoutes, { now: options.accountClock });
  // Sign-in with SSO: the owner's settings, and the visitor's /account/sso pages (page type 400).
  await app.register(ssoRoutes, { renderer: options.pageRenderer, now: options.accountClock });
  await app.register(formRoutes);
  await app.register(restockRoutes);
  await app.register(reviewRoutes);
  await app.register(newsletterRoutes);
  // Mailchimp: a mailing list feeding an audience, synced in the background.
  await app.register(mailchimpRoutes);
  // Mailing lists: the owner's lists, members, import, segments; the double opt-in confirm page.
  await app.register(mailingListRoutes);
  await app.register(placesRoutes);
  await app.register(ownerRoutes);
  await app.register(ownerDataRoutes);
  await app.register(ownerStoreRoutes);
  await app.register(censusRoutes);
  await app.register(abTestPublicRoutes);
  await app.register(eventsRoutes);
  await app.register(clankerRoutes);
  await app.register(performanceRoutes);
  await app.register(analyticsRoutes);
  await app.register(sessionReplayRoutes);
  await app.register(storeSettingsRoutes);
  await app.register(paymentSettingsRoutes, { onSaved: options.onPaymentSettingsSaved });
  await app.register(paymentConfigRoutes);
  await app.register(mailSettingsRoutes);
  await app.register(contributorRoutes);
  await app.register(apiTokenRoutes);
  await app.register(webhookRoutes);
  await app.register(schedulingRoutes);
  await app.register(schedulingPublicRoutes);
  await app.register(schedulingFeedRoutes);
  // Member plans: the owner's plans of an area, and joining one (free at once, paid at checkout).
  await app.register(memberPlanRoutes);
  await app.register(studioRoutes);
  // First run (the setup screen), the starters' pictures, and publishing the site.
  await app.register(setupRoutes);
  await app.register(openApiRoutes);
  // The checkout page's Content-Security-Policy (Stripe's origins when the site takes cards):
  // its onSend hook is wanted on the site's pages only, so it comes just before them.
  await app.register(checkoutPaymentPolicy);
  // Last: the site's pages answer every address no API area took.
  await app.register(pageRoutes, { renderer: options.pageRenderer });
}
