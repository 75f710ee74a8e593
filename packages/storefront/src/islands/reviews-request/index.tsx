import { API_MESSAGES } from '@store/api/client';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure, api } from '../../api';

/** One item of the order as the page rates it. */
interface Item {
  itemId: string;
  productName: string;
  variantDescription: string;
  reviewed: boolean;
}

type Draft = { rating: number; title: string; body: string };
type Errors = Record<string, string>;

const empty: Draft = { rating: 0, title: '', body: '' };

/**
 * The same rules as the server (packages/api order-pages contract): a name, at least one item
 * rated, and each rated item with its text. An item left at no stars is not reviewed.
 */
export function requestErrors(name: string, drafts: Record<string, Draft>): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.authorName = API_MESSAGES.reviewAuthor;
  const rated = Object.entries(drafts).filter(([, d]) => d.rating > 0);
  for (const [id, d] of Object.entries(drafts)) {
    if (d.rating > 0 && !d.body.trim()) errors[`${id}.body`] = API_MESSAGES.reviewBody;
    if (d.rating === 0 && d.body.trim()) errors[`${id}.rating`] = API_MESSAGES.reviewRating;
  }
  if (rated.length === 0 && Object.keys(errors).length === 0) errors.form = 'Rate at least one item.';
  return errors;
}

function ReviewsRequest(props: { token: string }) {
  const [items, setItems] = useState<Item[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const load = () =>
    api('GET /api/commerce/review-requests/:token', { params: { token: props.token } })
      .then((res) => setItems(res.items))
      .catch((e) =>
        setFailure(e instanceof ApiFailure && e.message ? e.message : 'Unable to load this order.'),
      );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per token
  useEffect(() => {
    void load();
  }, [props.token]);

  if (failure && !items) return <p role="alert">{failure}</p>;
  if (!items) return <p>Loading your order…</p>;
  const open = items.filter((i) => !i.reviewed);
  const draft = (id: string) => drafts[id] ?? empty;
  const set = (id: string, change: Partial<Draft>) =>
    setDrafts({ ...drafts, [id]: { ...draft(id), ...change } });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const current = Object.fromEntries(open.map((i) => [i.itemId, draft(i.itemId)]));
    const found = requestErrors(name, current);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reviews = Object.entries(current)
        .filter(([, d]) => d.rating > 0)
        .map(([itemId, d]) => ({ itemId, rating: d.rating, title: d.title, body: d.body }));
      await api('POST /api/commerce/review-requests/:token', {
        params: { token: props.token },
        body: { authorName: name, reviews },
      });
      setDone(true);
      await load();
    } catch (e) {
      setFailure(
        e instanceof ApiFailure && e.message
          ? e.message
          : 'Your reviews could not be sent. Please try again.',
      );
    }
    setBusy(false);
  };

  return (
    <div className="reviews-request__body">
      {done && (
        <p className="review-form__thanks" role="status" data-testid="reviews-thanks">
          Thank you! Your reviews will appear on the shop once approved.
        </p>
      )}
      {items
        .filter((i) => i.reviewed)
        .map((i) => (
          <p key={i.itemId} className="meta" data-testid="item-reviewed">
            ✓ {i.productName}: reviewed
          </p>
        ))}
      {open.length > 0 && (
        <form className="review-form form-fields" noValidate onSubmit={submit} aria-label="Review your order">
          <div className={`form-item${errors.authorName ? ' error' : ''}`}>
            <label htmlFor="reviews-author">Your name (shown with your reviews)</label>
            {errors.authorName && <p className="field-error">{errors.authorName}</p>}
            <input
              id="reviews-author"
              autoComplete="name"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          {open.map((item) => {
            const d = draft(item.itemId);
            const id = item.itemId;
            return (
              <fieldset key={id} className="reviews-request__item" data-testid="review-item">
                <legend>
                  {item.productName}
                  {item.variantDescription && <span className="meta"> ({item.variantDescription})</span>}
                </legend>
                <div className={`form-item review-form__rating${errors[`${id}.rating`] ? ' error' : ''}`}>
                  {errors[`${id}.rating`] && <p className="field-error">{errors[`${id}.rating`]}</p>}
                  <div className="star-input" role="radiogroup" aria-label={`Rating for ${item.productName}`}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <label key={n} className={n <= d.rating ? 'on' : undefined}>
                        <input
                          type="radio"
                          name={`rating-${id}`}
                          value={n}
                          checked={d.rating === n}
                          onChange={() => set(id, { rating: n })}
                        />
                        <span aria-hidden="true">★</span>
                        <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
                      </label>
                    ))}
                  </div>
                </div>
                <div className="form-item">
                  <label htmlFor={`title-${id}`}>Title (optional)</label>
                  <input
                    id={`title-${id}`}
                    maxLength={120}
                    value={d.title}
                    onChange={(e) => set(id, { title: e.target.value })}
                  />
                </div>
                <div className={`form-item${errors[`${id}.body`] ? ' error' : ''}`}>
                  <label htmlFor={`body-${id}`}>Your review</label>
                  {errors[`${id}.body`] && <p className="field-error">{errors[`${id}.body`]}</p>}
                  <textarea
                    id={`body-${id}`}
                    rows={4}
                    maxLength={5000}
                    value={d.body}
                    onChange={(e) => set(id, { body: e.target.value })}
                  />
                </div>
              </fieldset>
            );
          })}
          {(errors.form || failure) && (
            <p className="form-error" role="alert">
              {errors.form ?? failure}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            Send my reviews
          </button>
        </form>
      )}
    </div>
  );
}

export function mount(element: HTMLElement): void {
  const token = element.dataset.token;
  if (!token) return;
  createRoot(element).render(<ReviewsRequest token={token} />);
}
