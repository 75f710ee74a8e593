/** Placeholder until this screen is built (issue #14). */
export function InventoryScreen(_props: { rest: string[] }) {
  return <p className="loading">Inventory: not built yet.</p>;
}
