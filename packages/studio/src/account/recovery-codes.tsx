import { useState } from 'react';

/**
 * Recovery codes, shown once: each signs in one time when the phone is not at hand. Copy
 * and download keep them without the server ever showing them again.
 */
export function RecoveryCodes(props: { codes: string[]; siteTitle: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const text = `Recovery codes for ${props.siteTitle} (each works once):\n${props.codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="account-card" aria-labelledby="codes-title">
      <h2 id="codes-title">Your recovery codes</h2>
      <p>
        Keep these somewhere safe, away from your phone. Each one signs you in once instead of a code from the
        app. <strong>They are not shown again.</strong>
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <button
          type="button"
          className="btn btn--plain"
          onClick={() =>
            navigator.clipboard
              ?.writeText(text)
              .then(() => setCopied(true))
              .catch(() => undefined)
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn--plain" onClick={download}>
          Download
        </button>
        <button type="button" className="btn btn--primary" onClick={props.onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
