import { Fragment, useEffect, useRef, useState } from 'react';
import {
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  type MailStatus,
  type OutboxMessage,
  type TestResult,
  mailApi,
  mailFailure,
} from './mail-api';
import { mayChange, usePermissions } from './people-api';
import './mail.css';

const STATUSES: MailStatus[] = ['PENDING', 'SENT', 'FAILED'];
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

/**
 * Settings → Outbox: the mail outbox (what was sent, what waits, what failed and why, with retry)
 * and the SMTP check: a test message sent to the signed-in owner now.
 */
export function MailScreen(_props: { rest: string[] }) {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState<{
    smtp: boolean;
    hidden: boolean;
    rows: OutboxMessage[];
    next: string | null;
  } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [test, setTest] = useState<TestResult | 'sending' | null>(null);
  // Roles that only read the outbox are not offered the test message or a retry.
  const canSend = mayChange(usePermissions(), 'mail');
  const latest = useRef(0);

  function load(cursor?: string) {
    const ticket = ++latest.current;
    setLoading(true);
    mailApi
      .list({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) })
      .then((r) => {
        if (ticket !== latest.current) return;
        setPage((p) => ({
          smtp: r.smtpConfigured,
          hidden: r.secretsHidden,
          rows: cursor ? [...(p?.rows ?? []), ...r.messages] : r.messages,
          next: r.nextPageCursor,
        }));
        setError('');
      })
      .catch((e) => ticket === latest.current && setError(mailFailure(e)))
      .finally(() => ticket === latest.current && setLoading(false));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the filter changes
  useEffect(() => load(), [status]);

  async function retry(id: string) {
    try {
      const { message } = await mailApi.retry(id);
      setPage((p) => p && { ...p, rows: p.rows.map((m) => (m.id === id ? message : m)) });
    } catch (e) {
      setError(mailFailure(e));
    }
  }

  async function sendTest() {
    setTest('sending');
    try {
      setTest(await mailApi.test());
      load();
    } catch (e) {
      setTest({ outcome: 'failed', to: '', message: mailFailure(e) });
    }
  }

  return (
    <div className="mail">
      <div className="panel__head">
        <h1>Outbox</h1>
      </div>
      <section className="mail__smtp" aria-labelledby="mail-smtp">
        <h2 id="mail-smtp">Sending</h2>
        {page && (
          <p>
            {page.smtp
              ? 'Mail is delivered through the site’s own SMTP server (Domain & mail) or, without one, the server’s (SMTP_URL).'
              : 'No SMTP server is set (Domain & mail) and the server has no SMTP_URL: mail waits in the outbox and is not delivered.'}
          </p>
        )}
        {canSend && (
          <button type="button" className="btn btn--plain" disabled={test === 'sending'} onClick={sendTest}>
            {test === 'sending' ? 'Sending…' : 'Send a test message'}
          </button>
        )}
        {test && test !== 'sending' && (
          <p className={`mail__result mail__result--${test.outcome}`} role="status">
            {test.message}
          </p>
        )}
      </section>
      <div className="mail__filters">
        <label>
          Show{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as MailStatus | '')}>
            <option value="">All mail</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {MAIL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {page?.hidden && (
        <p className="muted">
          Links and codes in the messages show as [hidden]: they are for the people the mail was sent to, and
          only the owner and admins see them here.
        </p>
      )}
      {page && page.rows.length > 0 && (
        <table className="mail__table">
          <thead>
            <tr>
              <th scope="col">Queued</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page?.rows.map((m) => (
              <Fragment key={m.id}>
                <tr>
                  <td className="mail__date">{when(m.createdAt)}</td>
                  <td>{m.to}</td>
                  <td>
                    <button
                      type="button"
                      className="mail__subject"
                      aria-expanded={open === m.id}
                      onClick={() => setOpen(open === m.id ? null : m.id)}
                    >
                      {m.subject}
                    </button>
                    <div className="muted">{MAIL_KIND_LABELS[m.kind] ?? m.kind}</div>
                  </td>
                  <td>
                    <span className={`mail__status mail__status--${m.status.toLowerCase()}`}>
                      {MAIL_STATUS_LABELS[m.status]}
                    </span>
                    <div className="muted">
                      {m.status === 'SENT'
                        ? when(m.sentAt)
                        : `${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}
                    </div>
                    {m.lastError && m.status !== 'SENT' && <div className="mail__error">{m.lastError}</div>}
                  </td>
                  <td>
                    {canSend && m.status === 'FAILED' && (
                      <button type="button" className="btn btn--plain" onClick={() => retry(m.id)}>
                        Retry
                      </button>
                    )}
                  </td>
                </tr>
                {open === m.id && (
                  <tr className="mail__body">
                    <td colSpan={5}>
                      <pre>{m.text}</pre>
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {!loading && page?.rows.length === 0 && !error && (
        <p className="muted">{status ? 'No mail with this status.' : 'No mail yet.'}</p>
      )}
      {loading && <p className="loading">Loading…</p>}
      {page?.next && !loading && (
        <button type="button" className="btn btn--plain" onClick={() => load(page.next ?? undefined)}>
          Load more
        </button>
      )}
    </div>
  );
}
