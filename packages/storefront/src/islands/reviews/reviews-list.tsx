import { useEffect, useState } from 'react';
import type { ApiOutput } from '@store/api/client';
import { api } from '../../api';
import { reportErrorSafely } from '../../tracking-bridge';
import { ReviewForm } from './review-form';
import { word } from '../words';

type Page = ApiOutput<'GET /api/commerce/products/:productId/reviews'>;
type Review = Page['reviews'][number];

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★★★★★'.slice(0, rating)}
      <span className="stars__empty">{'★★★★★'.slice(rating)}</span>
    </span>
  );
}

const dateOf = (text: string) =>
  new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/**
 * The product's approved reviews, newest first, ten at a time, and the "Write a review" form.
 * A failed load leaves the server-rendered summary and goes silently to the error reporter
 * (spec §8).
 */
export function ReviewsList({ productId }: { productId: string }) {
  const [reviews, setReviews] = useState<Review[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [writing, setWriting] = useState(false);

  const load = async (cursor?: string) => {
    try {
      const page = await api('GET /api/commerce/products/:productId/reviews', {
        params: { productId },
        query: { cursor },
      });
      setReviews((previous) => (cursor ? [...previous, ...page.reviews] : page.reviews));
      setNext(page.nextPageCursor);
    } catch (error) {
      reportErrorSafely(error);
    } finally {
      setLoaded(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per product
  useEffect(() => {
    void load();
  }, [productId]);

  return (
    <div className="reviews-body">
      {loaded && reviews.length === 0 && <p className="reviews-empty">{word('reviewsEmpty')}</p>}
      <ol className="review-list">
        {reviews.map((r) => (
          <li key={r.id} className="review" data-testid="review">
            <div className="review__head">
              <Stars rating={r.rating} />
              {r.title && <strong className="review__title">{r.title}</strong>}
            </div>
            <p className="review__body">{r.body}</p>
            <p className="review__meta">
              {r.authorName}
              {r.verifiedBuyer && <span className="review__verified"> · {word('reviewsVerifiedBuyer')}</span>}{' '}
              · {dateOf(r.createdAt)}
            </p>
            {r.reply && (
              <div className="review__reply" data-testid="review-reply">
                <p className="review__reply-label">{word('reviewsReplyFromStore')}</p>
                <p className="review__reply-text">{r.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ol>
      {next && (
        <button type="button" className="link-button" onClick={() => void load(next)}>
          {word('reviewsShowMore')}
        </button>
      )}
      {writing ? (
        <ReviewForm productId={productId} />
      ) : (
        <button type="button" className="button review-write" onClick={() => setWriting(true)}>
          {word('reviewsWrite')}
        </button>
      )}
    </div>
  );
}
