import type { ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { type CatalogProduct, loadCatalog } from '../editor/pickers/picker-data';
import { mayChange, usePermissions } from '../settings/people-api';
import { SegmentBuilder } from './segment-builder';
import { describeRule, moneyOf } from './segment-rule';
import './segments.css';

export const SEGMENTS = 'GET /api/studio/marketing/segments' as const;
export type SegmentsPayload = ApiOutput<typeof SEGMENTS>;
type Segment = SegmentsPayload['segments'][number];

/** The store's products once per screen (names for the saved rules and the picker's choice). */
export function useProducts(): CatalogProduct[] {
  const [products, setProducts] = useState<CatalogProduct[]>([]);
  useEffect(() => {
    let live = true;
    loadCatalog(false).then(
      (c) => live && setProducts(c.products),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return products;
}

/** Names of the things a rule points at, for describeRule. */
export function ruleNames(data: SegmentsPayload, products: readonly CatalogProduct[]) {
  return {
    product: (id: string) => products.find((p) => p.id === id)?.title,
    area: (id: string) => data.memberAreas.find((a) => a.id === id)?.name,
    currency: data.currency,
  };
}

const people = (n: number) => `${n} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * Marketing → Segments (docs/marketing.md): saved segments with how many subscribed people
 * each holds now, the rule builder with a live count, and delete. Campaigns can be sent to
 * one segment of their lists.
 */
export function SegmentsScreen(_props: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'marketing');
  const segments = useApiQuery(SEGMENTS, {});
  const products = useProducts();
  const [status, setStatus] = useState('');
  const remove = useApiMutation('DELETE /api/studio/marketing/segments/:segmentId', {
    invalidates: [SEGMENTS],
  });
  const data = segments.data;
  const names = data ? ruleNames(data, products) : null;

  const columns: Column<Segment>[] = [
    { key: 'name', header: 'Segment', primary: true, cell: (s) => s.name },
    {
      key: 'rule',
      header: 'Who is in it',
      cell: (s) => (names ? describeRule(s.rule, names).join(' · ') || 'Everyone' : ''),
    },
    { key: 'count', header: 'Subscribers now', align: 'end', cell: (s) => s.count },
  ];

  return (
    <div className="segments">
      <div className="panel__head">
        <h1>Segments</h1>
      </div>
      <p className="muted">
        A segment picks the subscribers of your mailing lists by what they did: bought a product, spent over
        an amount, or belong to a member area. A campaign can go to one segment of its lists only.
      </p>
      {status && (
        <p className="note" role="status">
          {status}
        </p>
      )}
      {remove.errorText && (
        <p className="alert" role="alert">
          {remove.errorText}
        </p>
      )}
      <DataList
        label="Segments"
        rows={data?.segments ?? []}
        columns={columns}
        rowKey={(s) => s.id}
        loading={segments.isPending}
        error={segments.errorText}
        empty={
          <div className="segments__empty">
            <p>
              <strong>No segments yet.</strong>
            </p>
            <p className="muted">
              {canEdit
                ? `Build one below: for example everyone who spent over ${moneyOf(10000, data?.currency ?? 'USD')}, or the members of a member area.`
                : 'The people who run the marketing of this site make them.'}
            </p>
          </div>
        }
        actions={
          canEdit
            ? (s) => (
                <button
                  type="button"
                  className="btn btn--plain btn--danger"
                  disabled={remove.isPending}
                  aria-label={`Delete ${s.name}`}
                  onClick={async () => {
                    setStatus('');
                    const sure = await confirmModal({
                      title: 'Delete segment',
                      message: `Delete the segment “${s.name}”? Nobody is removed from any list, and campaigns already set up for it keep its conditions.`,
                      confirmLabel: 'Delete',
                    });
                    if (!sure) return;
                    remove.mutate(
                      { params: { segmentId: s.id } },
                      { onSuccess: () => setStatus(`Segment “${s.name}” deleted.`) },
                    );
                  }}
                >
                  Delete
                </button>
              )
            : undefined
        }
      />
      {canEdit && data && (
        <SegmentBuilder
          currency={data.currency}
          memberAreas={data.memberAreas}
          products={products}
          onSaved={(s) => setStatus(`Segment “${s.name}” saved: ${people(s.count)} now.`)}
        />
      )}
    </div>
  );
}
