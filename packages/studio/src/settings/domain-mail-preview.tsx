import { useEffect, useState } from 'react';
import { domainMailApi, type MailPreview, type PreviewKind } from './domain-mail-api';

const PREVIEW_PAGE = '/commerce/email-preview';

/**
 * Every message the site sends, with sample data, as it would go out now: sender, subject,
 * the HTML part in a frame that runs nothing (the server's own page for it, page type 301),
 * and the text part.
 */
export function MailPreviewSection() {
  const [kinds, setKinds] = useState<PreviewKind[]>([]);
  const [kind, setKind] = useState('order-receipt');
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    domainMailApi.kinds().then(
      (answer) => setKinds(answer.kinds),
      () => setError('Unable to load the previews. Try again.'),
    );
  }, []);
  useEffect(() => {
    let current = true;
    setPreview(null);
    domainMailApi.preview(kind).then(
      (answer) => current && setPreview(answer),
      () => current && setError('Unable to load the preview. Try again.'),
    );
    return () => {
      current = false;
    };
  }, [kind]);

  return (
    <section className="ss-section dm-preview" aria-labelledby="dm-preview">
      <div className="ss-section__head">
        <h2 id="dm-preview">Preview messages</h2>
        <a
          className="dm-open"
          href={`${PREVIEW_PAGE}?kind=${encodeURIComponent(kind)}`}
          target="_blank"
          rel="noopener"
        >
          Open the preview page
        </a>
      </div>
      <p className="ss-hint">Each message the site sends, with sample data, as it would go out now.</p>
      <div className="ss-field dm-kind">
        <label htmlFor="dm-kind">Message</label>
        <select id="dm-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {preview ? (
        <>
          <dl className="dm-meta">
            <dt>From</dt>
            <dd>{preview.from}</dd>
            <dt>To</dt>
            <dd>{preview.to} (sample)</dd>
            <dt>Subject</dt>
            <dd data-testid="dm-preview-subject">{preview.subject}</dd>
          </dl>
          <iframe
            className="dm-frame"
            title={`${preview.label}: the HTML part`}
            sandbox=""
            src={`${PREVIEW_PAGE}/${encodeURIComponent(preview.kind)}/message.html`}
          />
          <h3 className="dm-text-head">Text part</h3>
          <pre className="dm-text" data-testid="dm-preview-text">
            {preview.text}
          </pre>
        </>
      ) : (
        !error && <p className="loading">Loading…</p>
      )}
    </section>
  );
}
