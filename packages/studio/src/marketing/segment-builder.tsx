import { MAILING_LIST_MESSAGES } from '@store/api';
import { minorToDecimal } from '@store/commerce';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { call } from '../api';
import { useApiMutation } from '../data/api-query';
import { failureText, serverFieldErrors } from '../data/errors';
import type { CatalogProduct } from '../editor/pickers/picker-data';
import { ProductPicker } from '../editor/pickers/product-picker';
import {
  type Condition,
  type ConditionKind,
  CONDITION_KINDS,
  amountMinor,
  kindsLeft,
  moneyOf,
  newCondition,
  pathOf,
  ruleOf,
} from './segment-rule';

const SEGMENTS = 'GET /api/studio/marketing/segments' as const;
const PREVIEW_DELAY_MS = 400;

type Saved = { name: string; count: number };
type Preview =
  | { state: 'idle' }
  | { state: 'counting' }
  | { state: 'done'; count: number }
  | { state: 'failed' };

/** How many subscribers the finished conditions hold now, asked again a moment after each change. */
function useLiveCount(ruleKey: string | null): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  useEffect(() => {
    if (ruleKey === null) {
      setPreview({ state: 'idle' });
      return;
    }
    let live = true;
    setPreview({ state: 'counting' });
    const timer = setTimeout(() => {
      call('POST /api/studio/marketing/segments/preview', { body: { rule: JSON.parse(ruleKey) } }).then(
        (answer) => live && setPreview({ state: 'done', count: answer.count }),
        () => live && setPreview({ state: 'failed' }),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ruleKey]);
  return preview;
}

function previewText(preview: Preview, empty: boolean): string {
  if (empty) return 'Add a condition to see how many subscribers match.';
  if (preview.state === 'counting') return 'Counting…';
  if (preview.state === 'failed') return 'The count could not be read just now.';
  if (preview.state === 'done')
    return `${preview.count} ${preview.count === 1 ? 'subscriber matches' : 'subscribers match'} now.`;
  return 'Finish the conditions to see how many subscribers match.';
}

/** Make a segment: its name, the conditions (all must hold), a live count, save. */
export function SegmentBuilder(props: {
  currency: string;
  memberAreas: readonly { id: string; name: string }[];
  products: readonly CatalogProduct[];
  onSaved(segment: Saved): void;
}) {
  const { currency } = props;
  const id = useId();
  const [name, setName] = useState('');
  const [conditions, setConditions] = useState<Condition[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState('');
  const [picking, setPicking] = useState(false);
  const save = useApiMutation('POST /api/studio/marketing/segments', { invalidates: [SEGMENTS] });

  const result = ruleOf(conditions, currency);
  const preview = useLiveCount(result.ok ? JSON.stringify(result.rule) : null);
  const clearError = (path: string) =>
    setErrors((e) => {
      const { [path]: _gone, rule: _rule, ...rest } = e;
      return rest;
    });
  const change = (next: Condition) => {
    setConditions((all) => all.map((c) => (c.kind === next.kind ? next : c)));
    clearError(pathOf(next.kind));
  };
  const add = (kind: ConditionKind) => {
    setConditions((all) => [...all, newCondition(kind)]);
    clearError('rule');
  };
  const remove = (kind: ConditionKind) => {
    setConditions((all) => all.filter((c) => c.kind !== kind));
    clearError(pathOf(kind));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage('');
    const local: Record<string, string> = result.ok ? {} : { ...result.errors };
    if (!name.trim()) local.name = MAILING_LIST_MESSAGES.nameRequired;
    setErrors(local);
    if (!result.ok || local.name) return;
    try {
      const answer = await save.mutateAsync({ body: { name: name.trim(), rule: result.rule } });
      setName('');
      setConditions([]);
      props.onSaved(answer.segment);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const known = ['name', ...CONDITION_KINDS.map((k) => k.path)];
      const placed = Object.fromEntries(Object.entries(fields).filter(([path]) => known.includes(path)));
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFormMessage(failureText(failure));
    }
  };

  const errorOf = (path: string) =>
    errors[path] ? (
      <p id={`${id}-${path}`} className="field-error">
        {errors[path]}
      </p>
    ) : null;
  const invalid = (path: string) => ({
    'aria-invalid': !!errors[path],
    'aria-describedby': errors[path] ? `${id}-${path}` : undefined,
  });
  const productTitle = (productId: string) => props.products.find((p) => p.id === productId)?.title;

  return (
    <form className="segments__builder" aria-label="New segment" noValidate onSubmit={submit}>
      <h2>New segment</h2>
      <label htmlFor={`${id}-name`} className="field-label">
        Segment name
      </label>
      <input
        id={`${id}-name`}
        value={name}
        maxLength={100}
        placeholder="e.g. Best customers"
        onChange={(e) => {
          setName(e.target.value);
          clearError('name');
        }}
        {...invalid('name')}
      />
      {errorOf('name')}
      <h3 className="segments__conditions-title">Conditions (all must hold)</h3>
      {conditions.length === 0 && <p className="muted">No conditions yet: add one below.</p>}
      <ul className="segments__conditions">
        {conditions.map((c) => {
          const path = pathOf(c.kind);
          const label = CONDITION_KINDS.find((k) => k.kind === c.kind)?.label ?? '';
          return (
            <li key={c.kind} className="segments__condition">
              {c.kind === 'bought' && (
                <div className="segments__field">
                  <span className="field-label">Bought</span>
                  <div className="segments__row">
                    <span className="segments__choice" id={`${id}-product`}>
                      {c.productId ? (productTitle(c.productId) ?? 'A product') : 'No product chosen'}
                    </span>
                    <button
                      type="button"
                      className="btn btn--plain"
                      aria-describedby={`${id}-product`}
                      onClick={() => setPicking(true)}
                    >
                      {c.productId ? 'Change product' : 'Choose product'}
                    </button>
                  </div>
                  {picking && (
                    <ProductPicker
                      currentId={c.productId}
                      onClose={() => setPicking(false)}
                      onPick={(p) => {
                        setPicking(false);
                        change({ kind: 'bought', productId: p.id });
                      }}
                    />
                  )}
                </div>
              )}
              {c.kind === 'spent' && (
                <div className="segments__field">
                  <label htmlFor={`${id}-spent`} className="field-label">
                    Spent over ({currency})
                  </label>
                  <input
                    id={`${id}-spent`}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={minorToDecimal(10000, currency)}
                    value={c.amount}
                    onChange={(e) => change({ kind: 'spent', amount: e.target.value })}
                    {...invalid(path)}
                  />
                  <SpentReadBack text={c.amount} currency={currency} />
                </div>
              )}
              {c.kind === 'member' && (
                <div className="segments__field">
                  <label htmlFor={`${id}-area`} className="field-label">
                    Member of
                  </label>
                  <select
                    id={`${id}-area`}
                    value={c.areaId}
                    onChange={(e) => change({ kind: 'member', areaId: e.target.value })}
                    {...invalid(path)}
                  >
                    <option value="">Choose a member area…</option>
                    {props.memberAreas.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name}
                      </option>
                    ))}
                  </select>
                  {props.memberAreas.length === 0 && (
                    <p className="muted">No member areas yet: add one under Members.</p>
                  )}
                </div>
              )}
              {errorOf(path)}
              <button
                type="button"
                className="btn btn--plain segments__remove"
                aria-label={`Remove condition: ${label}`}
                onClick={() => remove(c.kind)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {kindsLeft(conditions).length > 0 && (
        <fieldset className="segments__add">
          <legend className="visually-hidden">Add a condition</legend>
          {kindsLeft(conditions).map((k) => (
            <button key={k.kind} type="button" className="btn btn--plain" onClick={() => add(k.kind)}>
              + {k.label}
            </button>
          ))}
        </fieldset>
      )}
      {errorOf('rule')}
      <p
        className={`segments__preview${preview.state === 'done' ? '' : ' muted'}`}
        role="status"
        aria-live="polite"
        data-testid="segment-preview"
      >
        {previewText(preview, conditions.length === 0)}
      </p>
      {formMessage && (
        <p className="alert" role="alert">
          {formMessage}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        Save segment
      </button>
    </form>
  );
}

/** The typed amount as the store shows money ("Over $1,250.00"), or nothing while it is not one. */
function SpentReadBack({ text, currency }: { text: string; currency: string }) {
  const amount = amountMinor(text, currency);
  if (!text.trim() || !amount.ok) return null;
  return <p className="muted segments__readback">More than {moneyOf(amount.minor, currency)} in all</p>;
}
