import { reviewLimits, reviewReplyBody } from '@store/api';
import { useState } from 'react';
import {
  DataList,
  FilterChips,
  FilterSelect,
  ListToolbar,
  LoadMore,
  SearchBox,
} from '../components/list-kit';
import type { Column } from '../components/list-kit';
import { useSettled } from '../components/use-paged-list';
import { useApiMutation, useApiPages, useApiQuery } from '../data/api-query';
import { useApiForm } from '../data/use-api-form';
import { mayChange, usePermissions } from '../settings/people-api';
import {
  type OwnerReview,
  type ReviewFilter,
  moderationActions,
  reviewDate,
  reviewStatusLabels,
  reviewsQuery,
  starsText,
  statusChips,
} from './reviews-data';
import './reviews.css';

const LIST = 'GET /api/owner/reviews' as const;
const ratingOptions = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} star${n > 1 ? 's' : ''}`,
}));

/**
 * Commerce → Reviews: what visitors wrote, the pending ones first; approve, reject, and reply
 * in public (the reply shows under the review on the product page).
 */
export function ReviewsScreen(_props: { rest: string[] }) {
  const [status, setStatus] = useState<ReviewFilter>('PENDING');
  const [productId, setProductId] = useState('');
  const [rating, setRating] = useState('');
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const canChange = mayChange(usePermissions(), 'reviews');
  const catalog = useApiQuery('GET /api/studio/catalog', {}, { staleTime: 60_000 });
  const list = useApiPages(
    LIST,
    { query: reviewsQuery({ status, productId, rating, q }) },
    { rows: (page) => page.reviews, next: (page) => page.nextPageCursor },
  );
  const moderate = useApiMutation('POST /api/owner/reviews/:reviewId/moderation', { invalidates: [LIST] });
  const [replying, setReplying] = useState<string | null>(null);

  const columns: Column<OwnerReview>[] = [
    {
      key: 'review',
      header: 'Review',
      primary: true,
      cell: (r) => (
        <div className="review-cell">
          <span className="review-cell__stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
            {starsText(r.rating)}
          </span>
          {r.title && <strong className="review-cell__title">{r.title}</strong>}
          <p className="review-cell__body">{r.body}</p>
          <p className="muted review-cell__author">
            {r.authorName} · {r.email}
            {r.verifiedBuyer && ' · Verified buyer'}
          </p>
          {r.reply && replying !== r.id && (
            <blockquote className="review-cell__reply" data-testid="owner-reply">
              <span className="muted">Your reply:</span> {r.reply}
            </blockquote>
          )}
          {replying === r.id && <ReplyForm review={r} onDone={() => setReplying(null)} />}
        </div>
      ),
    },
    { key: 'product', header: 'Product', cell: (r) => r.productTitle },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <span className={`badge review-status review-status--${r.status.toLowerCase()}`}>
          {reviewStatusLabels[r.status]}
        </span>
      ),
    },
    { key: 'date', header: 'Date', cell: (r) => reviewDate(r.createdAt) },
  ];

  return (
    <div className="reviews-screen">
      <div className="panel__head">
        <h1>Reviews</h1>
      </div>
      <FilterChips
        label="Status"
        value={status}
        options={statusChips(list.first?.counts)}
        onChange={(v) => setStatus((v || 'ALL') as ReviewFilter)}
      />
      <ListToolbar label="Find reviews">
        <SearchBox
          label="Search reviews"
          hideLabel
          placeholder="Search by words, name or e-mail"
          value={typed}
          onChange={setTyped}
        />
        <FilterSelect
          label="Product"
          hideLabel
          value={productId}
          allLabel="All products"
          options={(catalog.data?.products ?? []).map((p) => ({ value: p.id, label: p.title }))}
          onChange={setProductId}
        />
        <FilterSelect
          label="Rating"
          hideLabel
          value={rating}
          allLabel="Any rating"
          options={ratingOptions}
          onChange={setRating}
        />
      </ListToolbar>
      {moderate.errorText && (
        <p className="alert" role="alert">
          {moderate.errorText}
        </p>
      )}
      <DataList
        label="Reviews"
        rows={list.rows}
        columns={columns}
        rowKey={(r) => r.id}
        loading={list.loading}
        error={list.errorText}
        empty={
          <p className="muted">
            {status === 'PENDING' && !q && !productId && !rating
              ? 'No reviews are waiting for you.'
              : 'No reviews match.'}
          </p>
        }
        actionsLabel="Moderate"
        actions={
          canChange
            ? (r) => (
                <div className="review-actions">
                  {moderationActions(r.status).map((next) => (
                    <button
                      key={next}
                      type="button"
                      className={`btn ${next === 'APPROVED' ? 'btn--primary' : 'btn--plain'}`}
                      disabled={moderate.isPending}
                      onClick={() => moderate.mutate({ params: { reviewId: r.id }, body: { status: next } })}
                    >
                      {next === 'APPROVED' ? 'Approve' : 'Reject'}
                    </button>
                  ))}
                  <button
                    type="button"
                    className="btn btn--plain"
                    aria-expanded={replying === r.id}
                    onClick={() => setReplying(replying === r.id ? null : r.id)}
                  >
                    {r.reply ? 'Edit reply' : 'Reply'}
                  </button>
                </div>
              )
            : undefined
        }
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}

/** The owner's public reply under one review: plain text; saving an empty reply removes it. */
function ReplyForm({ review, onDone }: { review: OwnerReview; onDone(): void }) {
  const form = useApiForm(reviewReplyBody, { reply: review.reply ?? '' });
  const save = useApiMutation('PUT /api/owner/reviews/:reviewId/reply', { invalidates: [LIST] });
  const id = `reply-${review.id}`;
  const error = form.errorOf('reply');
  return (
    <form
      className="review-reply-form"
      onSubmit={form.submitWith(async (body) => {
        await save.mutateAsync({ params: { reviewId: review.id }, body });
        onDone();
      })}
    >
      <label htmlFor={id} className="field-label">
        Public reply to {review.authorName}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={reviewLimits.reply}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('reply')}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {form.formMessage && (
        <p className="alert" role="alert">
          {form.formMessage}
        </p>
      )}
      <p className="muted">Shown under the review on the product page. Leave it empty to remove it.</p>
      <div className="review-reply-form__actions">
        <button type="submit" className="btn btn--primary" disabled={form.formState.isSubmitting}>
          Save reply
        </button>
        <button type="button" className="btn btn--plain" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
