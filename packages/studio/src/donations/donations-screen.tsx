import type { ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { money } from '../commerce/orders-api';
import { type Column, DataList } from '../components/list-kit';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { mayChange, usePermissions } from '../settings/people-api';
import './donations.css';

const LIST = 'GET /api/studio/donations' as const;
const SETTINGS = 'GET /api/studio/donations/settings' as const;
type Donation = ApiOutput<typeof LIST>['donations'][number];

const frequencyText: Record<Donation['frequency'], string> = {
  once: 'One time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const ordersPath = (id: string) => `/config/commerce/orders/${encodeURIComponent(id)}`;

/**
 * Commerce → Donations: what donors gave (apart from sales: the sales figures leave these
 * out), who gives every month or year, and the receipt's wording.
 */
export function DonationsScreen(_props: { rest: string[] }) {
  const list = useApiQuery(LIST, { query: { limit: 100 } });
  const totals = list.data?.totals ?? [];
  const columns: Column<Donation>[] = [
    {
      key: 'amount',
      header: 'Amount',
      primary: true,
      cell: (d) => <strong className="donation-amount">{money(d.amountMinor, d.currency)}</strong>,
    },
    {
      key: 'frequency',
      header: 'How often',
      cell: (d) => (
        <>
          {frequencyText[d.frequency]}
          {d.renewal && <span className="badge">Renewal</span>}
        </>
      ),
    },
    { key: 'donor', header: 'Donor', cell: (d) => d.donorEmail },
    { key: 'campaign', header: 'Form', cell: (d) => d.campaignTitle || '–' },
    { key: 'date', header: 'Date', cell: (d) => when(d.createdAt) },
    {
      key: 'order',
      header: 'Order',
      cell: (d) => (
        <>
          <a href={ordersPath(d.orderId)}>#{d.orderNumber}</a>
          {d.testMode && <span className="badge">Test mode</span>}
        </>
      ),
    },
  ];
  return (
    <div className="donations">
      <div className="panel__head">
        <h1>Donations</h1>
      </div>
      <p className="muted">
        Donations are counted here, apart from sales: the sales figures in Analytics leave them out.
        {list.data?.testMode ? ' Test-mode donations are shown until the store takes a live payment.' : ''}
      </p>
      <section className="donations__figures" aria-label="Donation totals">
        {totals.length === 0 && !list.isLoading && (
          <div className="donations__figure">
            <span className="donations__label">Total given</span>
            <span className="donations__value">–</span>
          </div>
        )}
        {totals.map((t) => (
          <div key={t.currency} className="donations__group">
            <div className="donations__figure">
              <span className="donations__label">Total given</span>
              <span className="donations__value" data-testid="donations-total">
                {money(t.totalMinor, t.currency)}
              </span>
            </div>
            <div className="donations__figure">
              <span className="donations__label">Donations</span>
              <span className="donations__value">{t.count}</span>
            </div>
            <div className="donations__figure">
              <span className="donations__label">Recurring donors</span>
              <span className="donations__value">{t.recurringDonors}</span>
            </div>
          </div>
        ))}
      </section>
      <h2>All donations</h2>
      <DataList
        label="Donations"
        rows={list.data?.donations ?? []}
        columns={columns}
        rowKey={(d) => d.id}
        loading={list.isLoading}
        error={list.errorText}
        empty={
          <p className="muted">No donations yet. Add a Donation block to a page to start receiving them.</p>
        }
      />
      <ReceiptSettings />
    </div>
  );
}

/** The receipt donors get by e-mail: the organisation's name and the tax-receipt wording. */
function ReceiptSettings() {
  const canChange = mayChange(usePermissions(), 'storeSettings');
  const settings = useApiQuery(SETTINGS, {});
  const save = useApiMutation('PUT /api/studio/donations/settings', { invalidates: [SETTINGS] });
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setName(settings.data.organisationName);
      setNote(settings.data.receiptNote);
    }
  }, [settings.data]);
  // Until the saved receipt has arrived the fields wait: typing before it would be overwritten.
  const editable = canChange && Boolean(settings.data);
  return (
    <form
      className="donations__settings"
      aria-label="Donation receipt"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate(
          { body: { organisationName: name, receiptNote: note } },
          { onSuccess: () => setSaved(true) },
        );
      }}
    >
      <h2>Receipt</h2>
      <p className="muted">
        Every donor gets “Thank you for your donation” by e-mail with the amount, the date and your
        organisation’s name.
      </p>
      <label htmlFor="donation-org" className="field-label">
        Organisation name
      </label>
      <input
        id="donation-org"
        value={name}
        maxLength={200}
        placeholder={settings.data?.organisationNameShown ?? ''}
        disabled={!editable}
        onChange={(e) => setName(e.target.value)}
      />
      <p className="muted field-hint">Empty: the site’s title is used.</p>
      <label htmlFor="donation-note" className="field-label">
        Tax receipt wording
      </label>
      <textarea
        id="donation-note"
        rows={4}
        value={note}
        maxLength={2000}
        placeholder="For example: No goods or services were provided in exchange for this contribution. Registered charity no. 123456."
        disabled={!editable}
        onChange={(e) => setNote(e.target.value)}
      />
      {save.errorText && (
        <p className="alert" role="alert">
          {save.errorText}
        </p>
      )}
      {canChange && (
        <div className="donations__actions">
          <button type="submit" className="btn btn--primary" disabled={!editable || save.isPending}>
            Save receipt
          </button>
          {saved && <span role="status">Saved.</span>}
        </div>
      )}
    </form>
  );
}
