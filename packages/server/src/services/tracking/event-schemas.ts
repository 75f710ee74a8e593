import { z } from 'zod';
import { identifier, positiveInt, timestampMs } from './shapes';

const text = (max = 500) => z.string().max(max);

/**
 * Fields the newer tracker fills in on every event (spec §3). Only the occurrence time
 * is required; the rest are optional but typed, so a wrong type is a clear 400.
 */
const autoFilled = {
  analytics_id: text(64).optional(),
  browser_language: text(35).optional(),
  browser_locale: text(35).optional(),
  browser_window_height: z.number().int().min(0).max(100_000).optional(),
  browser_window_width: z.number().int().min(0).max(100_000).optional(),
  client_name: text(64).optional(),
  client_version: text(32).optional(),
  marketing_id: text(64).optional(),
  page_host: text(255).optional(),
  page_path: text(2_083).optional(),
  page_query_params: text(2_083).optional(),
  page_referrer_url: text(2_083).optional(),
  session_id: text(64).optional(),
  enduser_user_agent: text(1_000).optional(),
  event_occurrence_timestamp: timestampMs,
  custom_schema_name: text(100).optional(),
  source_environment: z.enum(['dev', 'qa', 'staging', 'prod']).optional(),
  context_website_id: text(64).optional(),
  destination_url: text(2_083).optional(),
  member_account_id: text(64).optional(),
  object_identifier: text(255).optional(),
  resolved_locale: text(35).optional(),
  website_locale: text(35).optional(),
  member_account_locale: text(35).optional(),
  /** Visitor record, when the tracker has one: ties the event to a visit. */
  ss_cvr: text(200).optional(),
  page_type: z.number().int().min(0).max(999).optional(),
};

const product = z.looseObject({
  item_id: identifier,
  item_type: z.union([z.number().int().min(1).max(5), text(32)]),
  item_title: text(),
  item_collection_id: identifier.optional(),
  item_collection_name: text().optional(),
});

/** The other commerce events' fields (spec §3). Money in minor units. */
const commerceFields = {
  website_id: identifier.optional(),
  item_price: z.number().int().min(0).optional(),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  item_quantity: positiveInt.optional(),
  num_items_in_cart: z.number().int().min(0).optional(),
  cart_value: z.number().int().min(0).optional(),
  product_types_list: z.array(text(32)).max(250).optional(),
  purchase_type_list: z.array(text(32)).max(250).optional(),
  logged_in: z.boolean().optional(),
  end_user_session_id: text(64).optional(),
  email_derived_user_id: text(128).optional(),
};

const base = z.looseObject(autoFilled);

/**
 * The registered event schemas, one per event name. `eventSchemaName` must name one of
 * them; `eventContent` must match it.
 */
export const eventSchemas = {
  page_view: base,
  product_page_view: base.extend({ ...commerceFields, product }),
  add_to_cart: base.extend({
    ...commerceFields,
    website_id: identifier,
    page_id: identifier.optional(),
    cart_id: identifier.optional(),
    product_page: z.enum(['plp', 'pdp']),
    product,
  }),
  commerce_item_viewed: base.extend({ ...commerceFields, product }),
  commerce_item_added: base.extend({ ...commerceFields, product }),
  commerce_checkout_confirmed: base.extend({ ...commerceFields, order_id: identifier.optional() }),
  video_collection_view: base.extend({ object_identifier: text(255) }),
  /**
   * A lesson video's play, quartile reached and end (analytics event type video, 21):
   * `object_identifier` is the lesson, `video_progress` the quartile (25, 50, 75; 100 at the end).
   */
  video: base.extend({
    object_identifier: text(255),
    event_type: z.literal(21),
    video_action: z.enum(['play', 'progress', 'complete']),
    video_progress: z.union([z.literal(0), z.literal(25), z.literal(50), z.literal(75), z.literal(100)]),
  }),
  member_area_access_denied: base,
  custom_event: base.extend({ custom_schema_name: text(100).min(1) }),
} satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type EventSchemaName = keyof typeof eventSchemas;

export function isEventSchemaName(name: string): name is EventSchemaName {
  return Object.hasOwn(eventSchemas, name);
}
