import { API_MESSAGES } from '@store/api/client';
import { ISLAND_WORDS, type IslandWord, isEmailAddress } from '@store/commerce';
import { useState } from 'react';
import { ApiFailure, api } from '../../api';
import { word } from '../words';

export const REVIEW_MESSAGES = {
  rating: API_MESSAGES.reviewRating,
  body: API_MESSAGES.reviewBody,
  authorName: API_MESSAGES.reviewAuthor,
  email: API_MESSAGES.invalidEmail,
  thanks: ISLAND_WORDS.reviewsThanks,
  failed: ISLAND_WORDS.reviewsFailed,
} as const;

type Field = 'rating' | 'title' | 'body' | 'authorName' | 'email';
type Values = { rating: number; title: string; body: string; authorName: string; email: string };

/** The same checks the server makes (packages/api reviews contract), so most errors need no call. */
export function reviewErrors(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!(v.rating >= 1 && v.rating <= 5)) errors.rating = REVIEW_MESSAGES.rating;
  if (!v.body.trim()) errors.body = REVIEW_MESSAGES.body;
  if (!v.authorName.trim()) errors.authorName = REVIEW_MESSAGES.authorName;
  const email = v.email.trim();
  if (!isEmailAddress(email)) errors.email = REVIEW_MESSAGES.email;
  return errors;
}

const LABELS: Record<Exclude<Field, 'rating'>, IslandWord> = {
  authorName: 'reviewsName',
  email: 'reviewsEmailNotShown',
  title: 'reviewsTitleOptional',
  body: 'reviewsReview',
};

/** Write a review (spec §3 native reviews): held for the owner's approval, so it says so. */
export function ReviewForm({ productId }: { productId: string }) {
  const [values, setValues] = useState<Values>({ rating: 0, title: '', body: '', authorName: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  // An error goes away as soon as the visitor fixes its field.
  const set = <K extends Field>(field: K, value: Values[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] && !reviewErrors(next)[field]) setErrors({ ...errors, [field]: undefined });
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = reviewErrors(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || status === 'busy') return;
    setStatus('busy');
    setFailure(null);
    try {
      await api('POST /api/commerce/products/:productId/reviews', { params: { productId }, body: values });
      setStatus('done');
    } catch (error) {
      setStatus('idle');
      const body = error instanceof ApiFailure ? error.body : {};
      const fieldErrors = (body as { errors?: Partial<Record<Field, string>> }).errors;
      if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else setFailure(error instanceof ApiFailure && error.message ? error.message : word('reviewsFailed'));
    }
  };

  if (status === 'done')
    return (
      <p className="review-form__thanks" role="status">
        {word('reviewsThanks')}
      </p>
    );

  const text = (field: Exclude<Field, 'rating'>, multiline = false) => {
    const id = `review-${field}`;
    const common = {
      id,
      name: field,
      value: values[field],
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? `${id}-error` : undefined,
    };
    return (
      <div className={`form-item${errors[field] ? ' error' : ''}`}>
        <label htmlFor={id}>{word(LABELS[field])}</label>
        {errors[field] && (
          <p className="field-error" id={`${id}-error`}>
            {errors[field]}
          </p>
        )}
        {multiline ? (
          <textarea {...common} rows={5} maxLength={5000} onChange={(e) => set(field, e.target.value)} />
        ) : (
          <input
            {...common}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field === 'email' ? 'email' : field === 'authorName' ? 'name' : 'off'}
            maxLength={field === 'email' ? 256 : field === 'title' ? 120 : 80}
            onChange={(e) => set(field, e.target.value)}
          />
        )}
      </div>
    );
  };

  return (
    <form
      className="review-form form-fields"
      noValidate
      onSubmit={onSubmit}
      aria-label={word('reviewsWrite')}
    >
      <fieldset className={`form-item review-form__rating${errors.rating ? ' error' : ''}`}>
        <legend>{word('reviewsRating')}</legend>
        {errors.rating && <p className="field-error">{errors.rating}</p>}
        <div className="star-input">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= values.rating ? 'on' : undefined}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={values.rating === n}
                onChange={() => set('rating', n)}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {word(n > 1 ? 'reviewsStars' : 'reviewsStar', { count: String(n) })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {text('authorName')}
      {text('email')}
      {text('title')}
      {text('body', true)}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={status === 'busy'}>
        {word('reviewsSubmit')}
      </button>
    </form>
  );
}
