import { formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure, api } from '../../api';
import { pageData } from '../../page-data';

interface OrderView {
  id: string;
  orderNumber?: string | number;
  email?: string;
  status?: string;
  grandTotalCents?: number;
  grandTotal?: number | { value: string };
  subtotalCents?: number;
  shippingCostCents?: number;
  taxCents?: number;
  items?: {
    sku?: string;
    productName?: string;
    title?: string;
    quantity: number;
    unitPrice?: number;
    unitPriceCents?: number;
  }[];
  entries?: { title: string; quantity: number; subTotal?: number }[];
}

function cents(v: unknown): number | null {
  if (typeof v === 'number') return v;
  return null;
}

/** Order confirmed / order status: reads GET /api/commerce/orders/{id}. */
function Order(props: { orderId: string; view: string }) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const currency = pageData().currency;
  useEffect(() => {
    api<{ order?: OrderView } & OrderView>(
      'GET',
      `/api/commerce/orders/${encodeURIComponent(props.orderId)}?token=${encodeURIComponent(new URLSearchParams(location.search).get('token') ?? '')}`,
    )
      .then((res) => setOrder(res.order ?? res))
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
  const lines = order.items ?? order.entries?.map((e) => ({ title: e.title, quantity: e.quantity })) ?? [];
  const total = cents(order.grandTotalCents) ?? cents(order.grandTotal);
  return (
    <div data-testid="order-summary">
      <p>
        {props.view === 'confirmed' ? 'Order confirmed' : 'Order'}{' '}
        <strong>#{order.orderNumber ?? order.id}</strong>
        {order.email && ` · A receipt was sent to ${order.email}`}
      </p>
      {order.status && <p>Status: {order.status}</p>}
      <ul>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no other stable key here
          <li key={i}>
            {l.quantity} ×{' '}
            {'productName' in l && l.productName ? l.productName : (l as { title?: string }).title}
          </li>
        ))}
      </ul>
      {total !== null && (
        <p>
          Total: <strong>{formatMoney(total, currency)}</strong>
        </p>
      )}
    </div>
  );
}

export function mount(element: HTMLElement): void {
  const orderId = element.dataset.orderId || new URLSearchParams(location.search).get('orderId');
  if (!orderId) return;
  createRoot(element).render(<Order orderId={orderId} view={element.dataset.view ?? 'confirmed'} />);
}
