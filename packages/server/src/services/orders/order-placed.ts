import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { siteUsers } from '../../db/schema/index';
import { enqueueEmail } from '../email/email-outbox';
import type { OrderRow, SerializedOrder } from '../order.service';
import type { SiteRecord } from '../site.service';
import { orderStatusUrl, studioOrderUrl } from './order-links';
import { ownerNoticeMail, receiptMail } from './order-mail';
import { appendOrderEvent } from './owner-order';

/**
 * What placing an order sets off, inside the checkout transaction: the timeline's first
 * entries (placed, and paid when the charge was captured), the buyer's receipt and a notice
 * to every owner of the site. A rollback takes all of it back with the order.
 */
export async function announcePlacedOrder(
  tx: Tx,
  site: SiteRecord,
  row: OrderRow,
  order: SerializedOrder & { giftCardCents?: number },
): Promise<void> {
  await appendOrderEvent(tx, row, 'placed', {
    grandTotalCents: row.grandTotalCents,
    paymentReference: row.paymentReference,
  });
  if (row.status === 'PAID')
    await appendOrderEvent(tx, row, 'paid', { capturedCents: row.grandTotalCents - row.giftCardCents });
  const view = { ...order, giftCardCents: row.giftCardCents };
  const receipt = receiptMail(site, view, orderStatusUrl(site, row));
  await enqueueEmail(tx, { websiteId: site.id, kind: 'order-receipt', to: row.email, ...receipt });
  const owners = await tx
    .select({ email: siteUsers.email })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.role, 'OWNER')));
  const notice = ownerNoticeMail(site, view, studioOrderUrl(site, row.id));
  for (const owner of owners) {
    await enqueueEmail(tx, { websiteId: site.id, kind: 'order-notice', to: owner.email, ...notice });
  }
}
