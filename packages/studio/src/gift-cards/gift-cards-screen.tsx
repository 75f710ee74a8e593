import { giftCardLimits } from '@store/api';
import { useRef, useState } from 'react';
import { call } from '../api';
import { money } from '../commerce/orders-api';
import { confirmModal } from '../components/dialogs';
import { DataList, FilterSelect, ListToolbar, LoadMore } from '../components/list-kit';
import type { Column } from '../components/list-kit';
import { useApiMutation, useApiPages } from '../data/api-query';
import { useApiForm } from '../data/use-api-form';
import { mayChange, usePermissions } from '../settings/people-api';
import {
  type GiftCardRow,
  type GiftCardStatus,
  balanceText,
  emptyIssueDraft,
  giftCardStatusLabels,
  idempotencyKeeper,
  issueSchema,
} from './gift-cards-data';
import './gift-cards.css';

const LIST = 'GET /api/owner/gift-cards' as const;
const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Commerce → Gift cards: check a balance, issue a card by hand, the list with disable. */
export function GiftCardsScreen(_props: { rest: string[] }) {
  const [status, setStatus] = useState<GiftCardStatus | ''>('');
  const canChange = mayChange(usePermissions(), 'orders');
  const list = useApiPages(
    LIST,
    { query: { status: status || undefined } },
    { rows: (page) => page.giftCards, next: (page) => page.nextPageCursor },
  );
  const disable = useApiMutation('POST /api/owner/gift-cards/:giftCardId/disable', { invalidates: [LIST] });
  const currency = list.first?.currency;

  const columns: Column<GiftCardRow>[] = [
    {
      key: 'code',
      header: 'Code',
      primary: true,
      cell: (c) => (
        <span className="gift-code" data-testid="gift-card-code">
          {c.code}
        </span>
      ),
    },
    {
      key: 'balance',
      header: 'Balance',
      align: 'end',
      cell: (c) => balanceText(c, (cents) => money(cents, c.currency)),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <span className={`badge gift-status gift-status--${c.status.toLowerCase()}`}>
          {giftCardStatusLabels[c.status]}
        </span>
      ),
    },
    { key: 'recipient', header: 'Recipient', cell: (c) => c.recipientEmail ?? '–' },
    {
      key: 'issued',
      header: 'Issued',
      cell: (c) => `${when(c.createdAt)} · ${c.issuedByHand ? 'by hand' : 'bought'}`,
    },
  ];

  return (
    <div className="gift-cards">
      <div className="panel__head">
        <h1>Gift cards</h1>
      </div>
      <div className="gift-cards__tools">
        <BalanceLookup />
        {canChange && currency && <IssueForm key={currency} currency={currency} />}
      </div>
      <h2>All gift cards</h2>
      {list.first && !list.first.fullCodes && (
        <p className="muted">
          Codes show their last 4 characters: only the owner and admins see whole codes.
        </p>
      )}
      <ListToolbar label="Filter gift cards">
        <FilterSelect
          label="Status"
          hideLabel
          value={status}
          allLabel="All statuses"
          options={(['ACTIVE', 'USED', 'DISABLED'] as const).map((s) => ({
            value: s,
            label: giftCardStatusLabels[s],
          }))}
          onChange={(v) => setStatus(v as GiftCardStatus | '')}
        />
      </ListToolbar>
      {disable.errorText && (
        <p className="alert" role="alert">
          {disable.errorText}
        </p>
      )}
      <DataList
        label="Gift cards"
        rows={list.rows}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.loading}
        error={list.errorText}
        empty={<p className="muted">{status ? 'No gift cards match.' : 'No gift cards yet.'}</p>}
        actions={
          canChange
            ? (c) =>
                c.status !== 'DISABLED' && (
                  <button
                    type="button"
                    className="btn btn--danger"
                    disabled={disable.isPending}
                    onClick={async () => {
                      const sure = await confirmModal({
                        title: 'Disable gift card',
                        message: `The card ending in ${c.last4} will pay for nothing from now on. Its balance of ${money(c.balanceCents, c.currency)} is kept on record.`,
                        confirmLabel: 'Disable',
                      });
                      if (sure) disable.mutate({ params: { giftCardId: c.id } });
                    }}
                  >
                    Disable
                  </button>
                )
            : undefined
        }
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}

/** A card's balance by its code (sent in the body, never in the address). */
function BalanceLookup() {
  const [code, setCode] = useState('');
  const lookup = useApiMutation('POST /api/owner/gift-cards/lookup');
  const card = lookup.data?.giftCard;
  return (
    <form
      className="gift-cards__box"
      aria-label="Check a balance"
      onSubmit={(e) => {
        e.preventDefault();
        lookup.mutate({ body: { code } });
      }}
    >
      <h2>Check a balance</h2>
      <label htmlFor="gift-lookup" className="field-label">
        Gift card code
      </label>
      <div className="gift-cards__row">
        <input
          id="gift-lookup"
          value={code}
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={lookup.isPending || !code.trim()}>
          Check
        </button>
      </div>
      {lookup.errorText && (
        <p className="alert" role="alert">
          {lookup.errorText}
        </p>
      )}
      {card && (
        <p className="gift-cards__result" role="status">
          Card ending in {card.last4}: <strong>{money(card.balanceCents, card.currency)}</strong> left of{' '}
          {money(card.initialCents, card.currency)} · {giftCardStatusLabels[card.status]}
        </p>
      )}
    </form>
  );
}

/** Issue a card by hand: the amount in the store currency, mailed to the recipient. */
function IssueForm({ currency }: { currency: string }) {
  const form = useApiForm(issueSchema(currency), emptyIssueDraft, { errorPaths: ['amountCents'] });
  const keys = useRef(idempotencyKeeper());
  const [issued, setIssued] = useState('');
  const issue = useApiMutation('POST /api/owner/gift-cards', {
    send: (body: { amountCents: number; email: string; name?: string; message?: string }) =>
      call('POST /api/owner/gift-cards', { body, headers: { 'idempotency-key': keys.current.keyFor(body) } }),
    invalidates: [LIST],
  });
  const field = (name: 'amountCents' | 'email' | 'name' | 'message') => {
    const error = form.errorOf(name);
    return {
      'aria-invalid': !!error,
      'aria-describedby': error ? `gift-issue-${name}-error` : undefined,
      error: error && (
        <p id={`gift-issue-${name}-error`} className="field-error">
          {error}
        </p>
      ),
    };
  };
  const amount = field('amountCents');
  const email = field('email');
  const message = field('message');
  return (
    <form
      className="gift-cards__box"
      aria-label="Issue a gift card"
      noValidate
      onSubmit={form.submitWith(async (body) => {
        setIssued('');
        const answer = await issue.mutateAsync(body);
        keys.current.done();
        form.reset(emptyIssueDraft);
        setIssued(
          `Issued ${money(answer.giftCard.initialCents, answer.giftCard.currency)} to ${answer.giftCard.recipientEmail}: the code is on its way by e-mail.`,
        );
      })}
    >
      <h2>Issue a gift card</h2>
      <label htmlFor="gift-issue-amount" className="field-label">
        Amount ({currency})
      </label>
      <input
        id="gift-issue-amount"
        inputMode="decimal"
        placeholder="25.00"
        aria-invalid={amount['aria-invalid']}
        aria-describedby={amount['aria-describedby']}
        {...form.register('amount')}
      />
      {amount.error}
      <label htmlFor="gift-issue-email" className="field-label">
        Recipient e-mail
      </label>
      <input
        id="gift-issue-email"
        type="email"
        autoComplete="off"
        aria-invalid={email['aria-invalid']}
        aria-describedby={email['aria-describedby']}
        {...form.register('email')}
      />
      {email.error}
      <label htmlFor="gift-issue-name" className="field-label">
        Recipient name (optional)
      </label>
      <input id="gift-issue-name" maxLength={giftCardLimits.name} {...form.register('name')} />
      <label htmlFor="gift-issue-message" className="field-label">
        Message (optional)
      </label>
      <textarea
        id="gift-issue-message"
        rows={3}
        aria-invalid={message['aria-invalid']}
        aria-describedby={message['aria-describedby']}
        {...form.register('message')}
      />
      {message.error}
      {form.formMessage && (
        <p className="alert" role="alert">
          {form.formMessage}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
        Issue and e-mail
      </button>
      {issued && (
        <p className="note" role="status">
          {issued}
        </p>
      )}
    </form>
  );
}
