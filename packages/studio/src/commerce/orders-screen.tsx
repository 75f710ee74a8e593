/** Placeholder until this screen is built (issue #14). */
export function OrdersScreen(_props: { rest: string[] }) {
  return <p className="loading">Orders: not built yet.</p>;
}
