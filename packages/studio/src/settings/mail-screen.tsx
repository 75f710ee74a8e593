/** Placeholder until this screen is built (issue #15). */
export function MailScreen(_props: { rest: string[] }) {
  return <p className="loading">Mail: not built yet.</p>;
}
