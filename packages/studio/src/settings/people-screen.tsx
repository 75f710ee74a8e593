/** Placeholder until this screen is built (issue #15). */
export function PeopleScreen(_props: { rest: string[] }) {
  return <p className="loading">People: not built yet.</p>;
}
