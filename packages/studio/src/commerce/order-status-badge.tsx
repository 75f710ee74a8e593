import { type OrderStatus, statusLabels } from './orders-api';

/** An order's state as a coloured pill (orders.css). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-status order-status--${status.toLowerCase()}`}>{statusLabels[status]}</span>;
}
