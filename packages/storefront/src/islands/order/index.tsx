import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure, api } from '../../api';
import { pageData } from '../../page-data';
import type { OrderView } from '@store/api/client';
import { GiftCardsAndDownloads } from './gift-cards-downloads';
import { OrderTotals } from './order-totals';
import { OrderProgress } from './order-progress';

/** Order confirmed / order status: reads GET /api/commerce/orders/{id}. */
function Order(props: { orderId: string; view: string }) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const currency = pageData().currency;
  useEffect(() => {
    api('GET /api/commerce/orders/:id', {
      params: { id: props.orderId },
      query: { token: new URLSearchParams(location.search).get('token') ?? '' },
    })
      .then((res) => setOrder(res.order))
      .catch((e) =>
        setError(
          e instanceof ApiFailure && e.status === 404
            ? 'We could not find this order.'
            : 'Unable to load the order.',
        ),
      );
  }, [props.orderId]);
  if (error) return <p role="alert">{error}</p>;
  if (!order) return <p>Loading your order…</p>;
  return (
    <div data-testid="order-summary">
      <p>
        {props.view === 'confirmed'
          ? 'Order confirmed'
          : props.view === 'received'
            ? 'Order received'
            : 'Order'}{' '}
        <strong>#{order.orderNumber ?? order.id}</strong>
        {order.email && ` · A receipt was sent to ${order.email}`}
      </p>
      {props.view === 'status' && <OrderProgress order={order} currency={currency} />}
      {props.view === 'received' && (
        <p data-testid="order-payment-pending">Payment pending: the items below are reserved for you.</p>
      )}
      <ul>
        {order.items.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no other stable key here
          <li key={i}>
            {l.quantity} × {l.productName}
          </li>
        ))}
      </ul>
      <OrderTotals order={order} currency={currency} />
      <GiftCardsAndDownloads order={order} currency={currency} />
    </div>
  );
}

export function mount(element: HTMLElement): void {
  const orderId = element.dataset.orderId || new URLSearchParams(location.search).get('orderId');
  if (!orderId) return;
  createRoot(element).render(<Order orderId={orderId} view={element.dataset.view ?? 'confirmed'} />);
}
