/** Placeholder until this screen is built (issue #15). */
export function AnalyticsScreen(_props: { rest: string[] }) {
  return <p className="loading">Overview: not built yet.</p>;
}
