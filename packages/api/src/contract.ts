import type { z } from 'zod';
import { accountRoutes } from './accounts';
import { accountSecurityRoutes } from './account-security';
import { analyticsRoutes } from './analytics';
import { campaignRoutes } from './campaigns';
import { cartRoutes } from './cart';
import { cartRecoveryRoutes } from './cart-recovery';
import { checkoutRoutes } from './checkout';
import { checkoutNewsletterRoutes } from './checkout-newsletter';
import { contributorRoutes } from './contributors';
import { courseRoutes } from './courses';
import { donationRoutes } from './donations';
import { downloadRoutes } from './downloads';
import { customerAccountRoutes } from './customer-account';
import { formRoutes } from './forms';
import { giftCardRoutes } from './gift-cards';
import { mailSettingsRoutes } from './mail-settings';
import { memberPlanRoutes } from './member-plans';
import { memberAreaRoutes } from './member-areas';
import { multilingualRoutes } from './multilingual';
import { newsletterRoutes } from './newsletter';
import { mailingListRoutes } from './mailing-lists';
import { placesRoutes, placesSettingsRoutes } from './places';
import { orderRoutes } from './orders';
import { orderPageRoutes } from './order-pages';
import { ownerDataRoutes } from './owner-data';
import { ownerStoreRoutes } from './owner-store';
import { paymentSettingsRoutes } from './payment-settings';
import { platformRoutes } from './platform';
import { reviewRoutes } from './reviews';
import { schedulingRoutes } from './scheduling';
import { schedulingFeedRoutes } from './scheduling-feed';
import { schedulingPaymentRoutes } from './scheduling-payment';
import { setupRoutes } from './setup';
import { ssoRoutes } from './sso';
import { mailchimpRoutes } from './mailchimp';
import { storeSettingsRoutes } from './store-settings';
import { subscriptionRoutes } from './subscriptions';
import { studioFormRoutes } from './studio-forms';
import { studioMediaRoutes } from './studio-media';
import { studioPageRoutes } from './studio-pages';
import { abTestRoutes } from './ab-tests';
import { studioProductRoutes } from './studio-products';
import { catalogTransferRoutes } from './catalog-transfer';
import { studioBrandingRoutes } from './studio-branding';
import { studioSiteRoutes } from './studio-site';
import { trackingRoutes } from './tracking';
import { sessionReplayRoutes } from './session-replay';

/** What one route declares. The key of its entry is `"<METHOD> <path>"` as Fastify registers it. */
export interface RouteDef {
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads (documented; e.g. `Idempotency-Key`). */
  headers?: z.ZodType;
  response: z.ZodType;
  /** Success status (default 200). */
  status?: number;
  /** The error code a request that fails the schemas gets (default VALIDATION_FAILED). */
  errorCode?: string;
  /** Described for the document and the client; the route's service checks the input itself. */
  documentsOnly?: boolean;
}

/**
 * Every /api route: the server validates requests with these schemas, `GET /api/openapi.json`
 * is generated from them, and the typed client takes its types from them.
 */
export const contract = {
  ...cartRoutes,
  ...cartRecoveryRoutes,
  ...campaignRoutes,
  ...checkoutRoutes,
  ...checkoutNewsletterRoutes,
  ...accountRoutes,
  ...accountSecurityRoutes,
  ...analyticsRoutes,
  ...customerAccountRoutes,
  ...formRoutes,
  ...trackingRoutes,
  ...sessionReplayRoutes,
  ...studioSiteRoutes,
  ...studioBrandingRoutes,
  ...studioFormRoutes,
  ...studioPageRoutes,
  ...abTestRoutes,
  ...studioMediaRoutes,
  ...studioProductRoutes,
  ...catalogTransferRoutes,
  ...reviewRoutes,
  ...newsletterRoutes,
  ...mailingListRoutes,
  ...placesRoutes,
  ...placesSettingsRoutes,
  ...storeSettingsRoutes,
  ...paymentSettingsRoutes,
  ...mailSettingsRoutes,
  ...giftCardRoutes,
  ...downloadRoutes,
  ...orderRoutes,
  ...orderPageRoutes,
  ...ownerDataRoutes,
  ...ownerStoreRoutes,
  ...contributorRoutes,
  ...platformRoutes,
  ...multilingualRoutes,
  ...setupRoutes,
  ...schedulingRoutes,
  ...schedulingFeedRoutes,
  ...schedulingPaymentRoutes,
  ...donationRoutes,
  ...ssoRoutes,
  ...mailchimpRoutes,
  ...memberPlanRoutes,
  ...memberAreaRoutes,
  ...subscriptionRoutes,
  ...courseRoutes,
} as const satisfies Record<string, RouteDef>;

export type Contract = typeof contract;
export type RouteKey = keyof Contract;
