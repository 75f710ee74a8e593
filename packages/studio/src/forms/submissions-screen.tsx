/** Placeholder until this screen is built (issue #15). */
export function SubmissionsScreen(_props: { rest: string[] }) {
  return <p className="loading">Submissions: not built yet.</p>;
}
