import {
  MAX_SOCIAL_LINKS,
  SOCIAL_NETWORKS,
  SOCIAL_NETWORK_NAMES,
  type SocialNetwork,
  checkSocialLink,
  detectNetwork,
} from '@store/blocks';

export interface SocialRow {
  network: SocialNetwork;
  url: string;
}

/** The first problem of each row (the same check the server makes), by index. */
export function socialProblems(rows: readonly SocialRow[]): (string | null)[] {
  return rows.map((row) => {
    const checked = checkSocialLink(row.network, row.url);
    return checked.ok ? null : checked.message;
  });
}

/**
 * The social profiles the header and footer link to: a network and its address per row. A
 * pasted address picks its network; each row says what is wrong with it before saving.
 */
export function SocialLinksFields({
  rows,
  disabled,
  onChange,
}: {
  rows: readonly SocialRow[];
  disabled: boolean;
  onChange(rows: SocialRow[]): void;
}) {
  const problems = socialProblems(rows);
  const set = (i: number, patch: Partial<SocialRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <fieldset>
      <legend>Social profiles</legend>
      <p className="muted">Shown as icons in the header and footer of every page.</p>
      {rows.map((row, i) => {
        const id = `social-${i}`;
        const problem = row.url.trim() ? problems[i] : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their identity while editing.
          <div className="social-row" key={i}>
            <label className="visually-hidden" htmlFor={`${id}-network`}>
              Profile {i + 1} network
            </label>
            <select
              id={`${id}-network`}
              value={row.network}
              disabled={disabled}
              onChange={(e) => set(i, { network: e.target.value as SocialNetwork })}
            >
              {SOCIAL_NETWORK_NAMES.map((name) => (
                <option key={name} value={name}>
                  {SOCIAL_NETWORKS[name].label}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${id}-url`}>
              Profile {i + 1} address
            </label>
            <input
              id={`${id}-url`}
              value={row.url}
              disabled={disabled}
              placeholder={SOCIAL_NETWORKS[row.network].example}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(e) => {
                const url = e.target.value;
                // A pasted address of a known network picks it (a website stays what it was set to).
                const detected = detectNetwork(url);
                set(i, detected === 'website' ? { url } : { url, network: detected });
              }}
            />
            <button
              type="button"
              className="btn btn--plain"
              disabled={disabled}
              aria-label={`Remove profile ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
            {problem && (
              <small id={`${id}-error`} className="field-error">
                {problem}
              </small>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn--plain"
        disabled={disabled || rows.length >= MAX_SOCIAL_LINKS}
        onClick={() => onChange([...rows, { network: 'instagram', url: '' }])}
      >
        Add a profile
      </button>
    </fieldset>
  );
}
