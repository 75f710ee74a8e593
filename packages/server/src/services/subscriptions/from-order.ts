import type { Tx } from '../../db/client';
import type { OrderRow } from '../order.service';
import type { SavedMethod } from '../payments/payment-provider';
import type { SiteRecord } from '../site.service';
import { type RecurringLine, recurringTermsForLine } from './recurring-lines';
import { startSubscription } from './start';

/** An order line as checkout keeps it. */
export interface OrderLineForSubscription extends RecurringLine {
  productName: string;
  quantity: number;
}

/**
 * A paid order starts one subscription per line that renews (recurringTermsForLine), in the
 * order's own transaction: the card kept at checkout (`saved`) is what its renewals charge.
 * Without one (a provider that keeps no cards, or a payment settled from the provider's
 * record after a crash) the subscription still starts, and its first renewal asks the customer
 * for a card. Answers the started subscriptions' ids by line index.
 */
export async function startSubscriptionsOfOrder(
  tx: Tx,
  site: SiteRecord,
  order: OrderRow,
  lines: readonly OrderLineForSubscription[],
  saved: SavedMethod | undefined,
): Promise<Map<number, string>> {
  const started = new Map<number, string>();
  if (order.status !== 'PAID') return started;
  for (const [index, line] of lines.entries()) {
    const terms = await recurringTermsForLine(tx, site.id, line);
    if (!terms) continue;
    const { subscriptionId } = await startSubscription(tx, {
      websiteId: site.id,
      siteUserId: order.siteUserId,
      email: order.email,
      firstOrderId: order.id,
      itemId: line.itemId,
      sku: line.sku,
      productName: line.productName,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      currency: order.currency,
      terms,
      startAt: order.paidAt ?? new Date(),
      timeZone: site.timeZone,
      payment: {
        provider: order.paymentProvider,
        customerRef: saved?.customerRef ?? null,
        methodRef: saved?.methodRef ?? null,
        label: saved?.label ?? null,
      },
      shippingAddress: order.shippingAddress ?? null,
      testMode: order.testMode,
    });
    started.set(index, subscriptionId);
  }
  return started;
}
