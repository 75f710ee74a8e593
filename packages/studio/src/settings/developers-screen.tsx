import type { ApiTokenView, WebhookDeliveryView, WebhookEndpointView } from '@store/api';
import { useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { mayChange, usePermissions } from './people-api';
import './developers.css';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const STATUS_LABELS: Record<WebhookDeliveryView['status'], string> = {
  PENDING: 'Waiting',
  SENT: 'Delivered',
  FAILED: 'Failed',
};

/** A value shown once (a new token or signing secret), with a copy button. */
function ShownOnce(props: { label: string; value: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="dev__once" role="status">
      <p>
        <strong>{props.label}</strong> Copy it now: it is not shown again.
      </p>
      <code className="dev__secret">{props.value}</code>
      <div className="dev__once-actions">
        <button
          type="button"
          className="btn btn--plain"
          onClick={() => navigator.clipboard?.writeText(props.value).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn--plain" onClick={props.onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function TokensSection(props: { canChange: boolean; onError(text: string): void }) {
  const tokens = useApiQuery('GET /api/studio/api-tokens', {});
  const route = ['GET /api/studio/api-tokens'] as const;
  const create = useApiMutation('POST /api/studio/api-tokens', { invalidates: route });
  const revoke = useApiMutation('DELETE /api/studio/api-tokens/:id', { invalidates: route });
  const [name, setName] = useState('');
  const [roleCode, setRoleCode] = useState(4);
  const [shown, setShown] = useState<string | null>(null);
  const roles = (tokens.data?.roles ?? []).filter((role) => role.grantable);

  const columns: Column<ApiTokenView>[] = [
    { key: 'name', header: 'Name', primary: true, cell: (t) => t.name },
    { key: 'token', header: 'Token', cell: (t) => <code>{t.prefix}…</code> },
    { key: 'role', header: 'Acts as', cell: (t) => t.roleName },
    { key: 'used', header: 'Last used', cell: (t) => (t.lastUsedAt ? when(t.lastUsedAt) : 'Never') },
    { key: 'state', header: 'State', cell: (t) => (t.revokedAt ? `Revoked ${when(t.revokedAt)}` : 'Active') },
  ];

  async function revokeOne(token: ApiTokenView) {
    const ok = await confirmModal({
      title: `Revoke “${token.name}”?`,
      message: 'Requests with this token are refused from now on. This cannot be undone.',
      confirmLabel: 'Revoke',
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync({ params: { id: token.id } });
    } catch (failure) {
      props.onError(failureText(failure));
    }
  }

  return (
    <section className="dev__section" aria-labelledby="dev-tokens">
      <h2 id="dev-tokens">API tokens</h2>
      <p className="muted">
        A token calls the API as a contributor with the role you choose: send it as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. It is shown once, when made.
      </p>
      {shown && <ShownOnce label="Your new API token." value={shown} onDone={() => setShown(null)} />}
      {props.canChange && (
        <form
          className="dev__form"
          onSubmit={async (event) => {
            event.preventDefault();
            props.onError('');
            try {
              const made = await create.mutateAsync({ body: { name: name.trim(), roleCode } });
              setShown(made.secret);
              setName('');
            } catch (failure) {
              props.onError(failureText(failure));
            }
          }}
        >
          <label htmlFor="token-name">Name</label>
          <input
            id="token-name"
            required
            maxLength={80}
            value={name}
            placeholder="Inventory sync"
            onChange={(e) => setName(e.target.value)}
          />
          <label htmlFor="token-role">Role</label>
          <select id="token-role" value={roleCode} onChange={(e) => setRoleCode(Number(e.target.value))}>
            {roles.map((role) => (
              <option key={role.code} value={role.code}>
                {role.name}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? 'Making…' : 'Make token'}
          </button>
        </form>
      )}
      <DataList
        label="API tokens"
        rows={tokens.data?.tokens ?? []}
        columns={columns}
        rowKey={(t) => t.id}
        loading={tokens.isPending}
        error={tokens.errorText}
        empty={<p className="muted">No API tokens yet.</p>}
        actions={(token) =>
          props.canChange &&
          !token.revokedAt && (
            <button type="button" className="btn btn--plain" onClick={() => revokeOne(token)}>
              Revoke<span className="visually-hidden"> {token.name}</span>
            </button>
          )
        }
      />
    </section>
  );
}

function Deliveries(props: {
  endpoint: WebhookEndpointView;
  canChange: boolean;
  onError(text: string): void;
}) {
  const route = 'GET /api/studio/webhooks/:id/deliveries' as const;
  const deliveries = useApiQuery(route, { params: { id: props.endpoint.id } });
  const resend = useApiMutation('POST /api/studio/webhooks/:id/deliveries/:deliveryId/resend', {
    invalidates: [route],
  });
  const columns: Column<WebhookDeliveryView>[] = [
    { key: 'event', header: 'Event', primary: true, cell: (d) => d.eventType },
    {
      key: 'status',
      header: 'Status',
      cell: (d) => (
        <>
          <span className={`dev__status dev__status--${d.status.toLowerCase()}`}>
            {STATUS_LABELS[d.status]}
          </span>
          {d.lastError && d.status !== 'SENT' && <div className="dev__error">{d.lastError}</div>}
        </>
      ),
    },
    { key: 'code', header: 'Response', cell: (d) => d.lastResponseCode ?? '—' },
    {
      key: 'duration',
      header: 'Time',
      cell: (d) => (d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`),
    },
    { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
    { key: 'at', header: 'Last attempt', cell: (d) => when(d.lastAttemptAt ?? d.createdAt) },
  ];
  return (
    <DataList
      label={`Deliveries to ${props.endpoint.url}`}
      rows={deliveries.data?.deliveries ?? []}
      columns={columns}
      rowKey={(d) => d.id}
      loading={deliveries.isPending}
      error={deliveries.errorText}
      empty={<p className="muted">Nothing sent yet.</p>}
      actions={(delivery) =>
        props.canChange && (
          <button
            type="button"
            className="btn btn--plain"
            disabled={resend.isPending}
            onClick={() =>
              resend
                .mutateAsync({ params: { id: props.endpoint.id, deliveryId: delivery.id } })
                .catch((failure) => props.onError(failureText(failure)))
            }
          >
            Re-send<span className="visually-hidden"> {delivery.eventType}</span>
          </button>
        )
      }
    />
  );
}

function WebhooksSection(props: { canChange: boolean; onError(text: string): void }) {
  const hooks = useApiQuery('GET /api/studio/webhooks', {});
  const route = ['GET /api/studio/webhooks'] as const;
  const create = useApiMutation('POST /api/studio/webhooks', { invalidates: route });
  const update = useApiMutation('PUT /api/studio/webhooks/:id', { invalidates: route });
  const remove = useApiMutation('DELETE /api/studio/webhooks/:id', { invalidates: route });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['order.paid']);
  const [shown, setShown] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const all = hooks.data?.events ?? [];

  async function removeOne(endpoint: WebhookEndpointView) {
    const ok = await confirmModal({
      title: `Remove ${endpoint.url}?`,
      message: 'Nothing more is sent to it, and its delivery log goes with it.',
      confirmLabel: 'Remove',
    });
    if (ok)
      await remove.mutateAsync({ params: { id: endpoint.id } }).catch((f) => props.onError(failureText(f)));
  }

  return (
    <section className="dev__section" aria-labelledby="dev-hooks">
      <h2 id="dev-hooks">Webhooks</h2>
      <p className="muted">
        Each event is sent as a signed JSON POST (header <code>Juniper-Signature</code>), retried for three
        days until your server answers 2xx.
        {hooks.data && !hooks.data.allowPrivate && ' Private and local addresses are refused.'}
      </p>
      {shown && (
        <ShownOnce label="The endpoint’s signing secret." value={shown} onDone={() => setShown(null)} />
      )}
      {props.canChange && (
        <form
          className="dev__hook-form"
          onSubmit={async (event) => {
            event.preventDefault();
            props.onError('');
            try {
              const made = await create.mutateAsync({
                body: { url: url.trim(), events: events as never },
              });
              setShown(made.secret);
              setUrl('');
            } catch (failure) {
              props.onError(failureText(failure));
            }
          }}
        >
          <label htmlFor="hook-url">Endpoint URL</label>
          <input
            id="hook-url"
            type="url"
            required
            value={url}
            placeholder="https://example.com/hooks"
            onChange={(e) => setUrl(e.target.value)}
          />
          <fieldset className="dev__events">
            <legend>Events</legend>
            {all.map((name) => (
              <label key={name} className="dev__event">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(e) =>
                    setEvents(e.target.checked ? [...events, name] : events.filter((x) => x !== name))
                  }
                />
                {name}
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={create.isPending || events.length === 0}
          >
            {create.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </form>
      )}
      {hooks.errorText && (
        <p className="alert" role="alert">
          {hooks.errorText}
        </p>
      )}
      {hooks.data?.endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
      <ul className="dev__endpoints">
        {hooks.data?.endpoints.map((endpoint) => (
          <li key={endpoint.id} className="dev__endpoint">
            <div className="dev__endpoint-head">
              <div className="dev__endpoint-url">
                <code>{endpoint.url}</code>
                <div className="muted">{endpoint.events.join(', ')}</div>
              </div>
              <div className="dev__endpoint-actions">
                {!endpoint.enabled && <span className="dev__status dev__status--failed">Off</span>}
                <button
                  type="button"
                  className="btn btn--plain"
                  aria-expanded={open === endpoint.id}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                >
                  Deliveries
                </button>
                {props.canChange && (
                  <>
                    <button
                      type="button"
                      className="btn btn--plain"
                      onClick={() =>
                        update
                          .mutateAsync({ params: { id: endpoint.id }, body: { enabled: !endpoint.enabled } })
                          .catch((f) => props.onError(failureText(f)))
                      }
                    >
                      {endpoint.enabled ? 'Turn off' : 'Turn on'}
                    </button>
                    <button type="button" className="btn btn--plain" onClick={() => removeOne(endpoint)}>
                      Remove<span className="visually-hidden"> {endpoint.url}</span>
                    </button>
                  </>
                )}
              </div>
            </div>
            {open === endpoint.id && (
              <Deliveries endpoint={endpoint} canChange={props.canChange} onError={props.onError} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Settings → Developers: API tokens (made with a role, shown once, last used, revoke) and
 * webhook endpoints (URL and events, the signing secret shown once, each endpoint's
 * deliveries with re-send). docs/api-tokens.md, docs/webhooks.md.
 */
export function DevelopersScreen(_props: { rest: string[] }) {
  const canChange = mayChange(usePermissions(), 'domain');
  const [error, setError] = useState('');
  return (
    <div className="dev">
      <h1>Developers</h1>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <TokensSection canChange={canChange} onError={setError} />
      <WebhooksSection canChange={canChange} onError={setError} />
    </div>
  );
}
