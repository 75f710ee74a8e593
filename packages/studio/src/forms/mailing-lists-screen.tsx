/** Placeholder until this screen is built (issue #15). */
export function MailingListsScreen(_props: { rest: string[] }) {
  return <p className="loading">Mailing lists: not built yet.</p>;
}
