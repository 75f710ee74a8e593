/** Placeholder until this screen is built (issue #14). */
export function SettingsScreen(_props: { rest: string[] }) {
  return <p className="loading">Settings: not built yet.</p>;
}
