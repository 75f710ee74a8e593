/** Placeholder until this screen is built (issue #15). */
export function LanguagesScreen(_props: { rest: string[] }) {
  return <p className="loading">Languages: not built yet.</p>;
}
