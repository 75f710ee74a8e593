/** Placeholder until this screen is built (issue #15). */
export function FormsScreen(_props: { rest: string[] }) {
  return <p className="loading">Forms: not built yet.</p>;
}
