/** Placeholder until this screen is built (issue #14). */
export function ProductsScreen(_props: { rest: string[] }) {
  return <p className="loading">Products: not built yet.</p>;
}
