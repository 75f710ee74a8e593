import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Grow a site's store to `factor` × its products by copying each product (item, product,
 * variants) `factor - 1` times with suffixed slugs and skus, in one statement. Used by the
 * benchmarks (catalogue at 1×, 10×, 100×) and the pagination tests.
 */
export async function scaleCatalog(db: Database, websiteId: string, factor: number): Promise<void> {
  if (!Number.isInteger(factor) || factor < 2) return;
  await db.execute(sql`
    with copies as (
      select i.*, gs.k, gen_random_uuid()::text as new_id
      from items i
      join collections c on c.id = i.collection_id and c.type = 13
      cross join generate_series(1, ${factor - 1}::int) as gs(k)
      where i.website_id = ${websiteId} and i.record_type = 11
    ),
    new_items as (
      insert into items (id, website_id, collection_id, record_type, title, url_id, excerpt, body,
        structured_content, main_image, tags, category_ids, author, publish_on, display_index)
      select new_id, website_id, collection_id, record_type, title || ' ' || k, url_id || '-' || k,
        excerpt, body, structured_content, main_image, tags, category_ids, author, publish_on,
        display_index + 1000 * k
      from copies
      returning id
    ),
    new_products as (
      insert into products (item_id, website_id, product_type, is_subscribable, subscription_plan,
        additional_fields_form_id, use_custom_add_button_text, custom_add_button_text,
        variant_option_ordering, merchandising)
      select c.new_id, p.website_id, p.product_type, p.is_subscribable, p.subscription_plan,
        p.additional_fields_form_id, p.use_custom_add_button_text, p.custom_add_button_text,
        p.variant_option_ordering, p.merchandising
      from copies c join products p on p.item_id = c.id
      returning item_id
    )
    insert into variants (website_id, item_id, sku, price_cents, sale_price_cents, on_sale,
      qty_in_stock, unlimited, attributes, image_url, display_index)
    select v.website_id, c.new_id, v.sku || '-' || c.k, v.price_cents, v.sale_price_cents, v.on_sale,
      v.qty_in_stock, v.unlimited, v.attributes, v.image_url, v.display_index
    from copies c join variants v on v.item_id = c.id
  `);
  // Planner statistics for the grown tables, as autovacuum would refresh them within a
  // minute: right after a bulk load they still describe the small catalogue, and PostgreSQL
  // then filters every item through to_tsvector instead of using the search index (search at
  // 100x: ~6 ms instead of ~0.8 ms per query).
  await db.execute(sql`analyze items, products, variants`);
}
