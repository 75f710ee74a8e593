import { useState } from 'react';
import { type Column, DataList, LoadMore } from '../components/list-kit';
import { useApiMutation, useApiPages } from '../data/api-query';
import { failureText } from '../data/errors';
import { type RestockGroup, type RestockOffer, optionsLabel, restockGroup } from './products-api';

const GROUPS = 'GET /api/site-users/account/notifications/restock/groups';
const SEND = 'POST /api/site-users/account/notifications/restock/send';

/** The restock send: the waiting list and the inventory's "Waiting" figures are asked again after it. */
const useRestockSend = () => useApiMutation(SEND, { invalidates: [GROUPS, 'GET /api/studio/inventory'] });

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
  const restock = useRestockSend();
  const what = label.options ? `${label.product} / ${label.options}` : label.product;
  async function send() {
    setState('sending');
    try {
      const { sent } = await restock.mutateAsync({
        body: { productId: offer.productId, variantId: offer.variantId },
      });
      setState({ sent });
    } catch (failure) {
      setState({ error: failureText(failure) });
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
  const list = useApiPages(
    GROUPS,
    { query: {} },
    {
      rows: (page) => page.signUpGroups.map(restockGroup),
      next: (page) => (page.hasNextPage ? page.nextPageCursor : null),
    },
  );
  const restock = useRestockSend();
  const [notes, setNotes] = useState<Record<string, string>>({});

  async function send(group: RestockGroup) {
    const key = group.variantId;
    try {
      const { sent } = await restock.mutateAsync({
        body: { productId: group.productId, variantId: group.variantId },
      });
      setNotes((n) => ({ ...n, [key]: `Sent ${mails(sent)}.` }));
    } catch (failure) {
      setNotes((n) => ({ ...n, [key]: failureText(failure) }));
    }
  }

  const columns: Column<RestockGroup>[] = [
    { key: 'product', header: 'Product', primary: true, cell: (g) => g.productName },
    { key: 'options', header: 'Options', cell: (g) => optionsLabel(g.attributes) || '—' },
    { key: 'sku', header: 'SKU', cell: (g) => g.sku },
    { key: 'signups', header: 'Signups', cell: (g) => g.signUpCount },
    { key: 'waiting', header: 'Waiting', cell: (g) => g.pendingCount },
  ];

  return (
    <div>
      <DataList
        label="Waiting for restock"
        className="data-table"
        rows={list.rows}
        columns={columns}
        rowKey={(g) => g.variantId}
        loading={list.loading}
        error={list.errorText}
        empty={<p className="muted">Nobody is waiting for a restock.</p>}
        actionsLabel="Send"
        actions={(g) => (
          <>
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
          </>
        )}
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}
