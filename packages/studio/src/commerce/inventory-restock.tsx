import { useEffect, useState } from 'react';
import {
  type RestockGroup,
  type RestockOffer,
  failureMessage,
  optionsLabel,
  productsApi,
} from './products-api';

const people = (n: number) => (n === 1 ? '1 person is' : `${n} people are`);
const mails = (n: number) => (n === 1 ? '1 back-in-stock e-mail' : `${n} back-in-stock e-mails`);

/** What the offer names: "Linen tee / Size S, Colour Red" (or the SKU when the row is not listed). */
export interface OfferLabel {
  product: string;
  options: string;
}

/**
 * After a stock save brought a sold-out variant back with signups waiting: "N people are
 * waiting for <product / variant>. Send back-in-stock e-mail?" → the spec §7 restock send.
 */
export function RestockOfferBar({
  offer,
  label,
  onDone,
}: {
  offer: RestockOffer;
  label: OfferLabel;
  onDone(): void;
}) {
  const [state, setState] = useState<'idle' | 'sending' | { sent: number } | { error: string }>('idle');
  const what = label.options ? `${label.product} / ${label.options}` : label.product;
  async function send() {
    setState('sending');
    try {
      const { sent } = await productsApi.sendRestock(offer.productId, offer.variantId);
      setState({ sent });
    } catch (failure) {
      setState({ error: failureMessage(failure) });
    }
  }
  if (typeof state === 'object' && 'sent' in state)
    return (
      <div className="restock-offer" role="status">
        <p className="restock-offer__text">
          Sent {mails(state.sent)} for {what}.
        </p>
        <button type="button" className="btn btn--plain" onClick={onDone}>
          Close
        </button>
      </div>
    );
  return (
    <section className="restock-offer" aria-label={`Restock ${what}`}>
      <p className="restock-offer__text">
        {people(offer.waiting)} waiting for <strong>{what}</strong>. Send back-in-stock e-mail?
      </p>
      {typeof state === 'object' && 'error' in state && (
        <span className="field-error" role="alert">
          {state.error}
        </span>
      )}
      <button type="button" className="btn btn--primary" disabled={state === 'sending'} onClick={send}>
        Send e-mail
      </button>
      <button type="button" className="btn btn--plain" onClick={onDone}>
        Not now
      </button>
    </section>
  );
}

/** The restock groups: who waits for which variant, with a Send button per group. */
export function WaitingList() {
  const [groups, setGroups] = useState<RestockGroup[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [notes, setNotes] = useState<Record<string, string>>({});

  async function load(cursor?: string) {
    setLoading(true);
    try {
      const page = await productsApi.restockGroups(cursor);
      setGroups((list) => (cursor ? [...list, ...page.signUpGroups] : page.signUpGroups));
      setNext(page.hasNextPage ? page.nextPageCursor : null);
      setError('');
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setLoading(false);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page once; later pages on "Load more"
  useEffect(() => {
    load();
  }, []);

  async function send(group: RestockGroup) {
    const key = group.variantId;
    try {
      const { sent } = await productsApi.sendRestock(group.productId, group.variantId);
      setNotes((n) => ({ ...n, [key]: `Sent ${mails(sent)}.` }));
      setGroups((list) =>
        list.map((g) =>
          g.variantId === key ? { ...g, pendingCount: Math.max(0, g.pendingCount - sent) } : g,
        ),
      );
    } catch (failure) {
      setNotes((n) => ({ ...n, [key]: failureMessage(failure) }));
    }
  }

  return (
    <div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <table className="data-table" aria-label="Waiting for restock">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Options</th>
            <th scope="col">SKU</th>
            <th scope="col">Signups</th>
            <th scope="col">Waiting</th>
            <th scope="col">
              <span className="visually-hidden">Send</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.variantId}>
              <td>{g.productName}</td>
              <td>{optionsLabel(g.attributes) || '—'}</td>
              <td>{g.sku}</td>
              <td>{g.signUpCount}</td>
              <td>{g.pendingCount}</td>
              <td>
                <button
                  type="button"
                  className="btn btn--plain"
                  disabled={g.pendingCount === 0}
                  aria-label={`Send back-in-stock e-mail for ${g.sku}`}
                  onClick={() => send(g)}
                >
                  Send
                </button>
                {notes[g.variantId] && (
                  <span className="muted sub-line" role="status">
                    {notes[g.variantId]}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && groups.length === 0 && <p className="muted">Nobody is waiting for a restock.</p>}
      {loading && <p className="loading">Loading…</p>}
      {next && !loading && (
        <button type="button" className="btn btn--plain load-more" onClick={() => load(next)}>
          Load more
        </button>
      )}
    </div>
  );
}
