import type { ApiInput, ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { AddressForm } from './address-form';
import { failureText } from './account-text';
import { Address } from './orders';

type Saved = ApiOutput<'GET /api/site-users/account/addresses'>['addresses'][number];
export type AddressInput = ApiInput<'POST /api/site-users/account/addresses'>['body'];

/** Saved addresses: add, change, delete, choose the default (the server keeps exactly one). */
export function AddressBook() {
  const [addresses, setAddresses] = useState<Saved[] | null>(null);
  const [editing, setEditing] = useState<Saved | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = () =>
    api('GET /api/site-users/account/addresses')
      .then((res) => {
        setAddresses(res.addresses);
        setError(null);
      })
      .catch((e: unknown) => setError(failureText(e)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => void reload(), []);

  const act = (work: Promise<unknown>) => work.then(reload).catch((e: unknown) => setError(failureText(e)));
  const save = async (body: AddressInput) => {
    if (editing && editing !== 'new')
      await api('PUT /api/site-users/account/addresses/:id', { params: { id: editing.id }, body });
    else await api('POST /api/site-users/account/addresses', { body });
    setEditing(null);
    await reload();
  };

  if (!addresses)
    return error ? <p role="alert">{error}</p> : <p className="account-loading">Loading your addresses…</p>;
  if (editing)
    return (
      <AddressForm
        initial={editing === 'new' ? null : editing}
        first={addresses.length === 0}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
    );
  return (
    <section aria-label="Addresses">
      {error && <p role="alert">{error}</p>}
      {addresses.length === 0 ? (
        <p className="account-empty">No saved addresses yet.</p>
      ) : (
        <ul className="account-addresses">
          {addresses.map((a) => (
            <li key={a.id} className="account-address" data-default={a.isDefault || undefined}>
              {a.isDefault && <span className="account-status">Default</span>}
              <Address address={a.address as Record<string, string>} />
              <div className="account-address__actions">
                <button type="button" className="link-button" onClick={() => setEditing(a)}>
                  Edit
                </button>
                {!a.isDefault && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      act(
                        api('PUT /api/site-users/account/addresses/:id', {
                          params: { id: a.id },
                          body: { address: a.address, isDefault: true },
                        }),
                      )
                    }
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    if (confirm('Delete this address?'))
                      act(api('DELETE /api/site-users/account/addresses/:id', { params: { id: a.id } }));
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={() => setEditing('new')}>
        Add an address
      </button>
    </section>
  );
}
