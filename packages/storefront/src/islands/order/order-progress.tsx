import { formatMoney } from '@store/commerce';
import type { OrderView } from '@store/api/client';

const STATUS_WORDS: Record<string, string> = {
  PENDING: 'Payment pending',
  PAID: 'Paid · being prepared',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Canceled',
  REFUNDED: 'Refunded',
};

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Where the order stands (order status page, 211): paid, fulfilled with the carrier and
 * tracking number the owner entered, and each refund made with its date.
 */
export function OrderProgress(props: { order: OrderView; currency: string }) {
  const { order } = props;
  const refunds = order.refunds ?? [];
  return (
    <section className="order-progress" aria-label="Order status" data-testid="order-progress">
      <p>
        Status: <strong data-testid="order-status">{STATUS_WORDS[order.status ?? ''] ?? order.status}</strong>
      </p>
      <ol className="order-progress__steps">
        <li className="done">Placed {day(order.createdOn)}</li>
        {order.paidAt ? <li className="done">Paid {day(order.paidAt)}</li> : null}
        {order.fulfilledAt ? <li className="done">Fulfilled {day(order.fulfilledAt)}</li> : null}
        {order.canceledAt ? <li className="done">Canceled {day(order.canceledAt)}</li> : null}
      </ol>
      {order.trackingNumber && (
        <p data-testid="order-tracking">
          Tracking number{order.trackingCarrier ? ` (${order.trackingCarrier})` : ''}:{' '}
          <strong>{order.trackingNumber}</strong>
        </p>
      )}
      {refunds.length > 0 && (
        <div data-testid="order-refunds">
          <h2>Refunds</h2>
          <ul>
            {refunds.map((r) => (
              <li key={`${r.createdOn}-${r.amountCents}`}>
                {formatMoney(r.amountCents, props.currency)} refunded on {day(r.createdOn)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
