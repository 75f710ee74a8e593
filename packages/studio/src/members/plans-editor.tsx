import {
  MEMBER_PLAN_MESSAGES,
  type MemberPlan,
  type MemberPlanInput,
  memberPlanLimits,
  memberPlanProblems,
} from '@store/api';
import { ApiFailure } from '@store/api/client';
import { memberPlanPriceText, minorToDecimal, parseMoney } from '@store/commerce';
import { useId, useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { mayChange, usePermissions } from '../settings/people-api';
import './plans-editor.css';

const PLANS = 'GET /api/studio/members/areas/:areaId/plans' as const;

type Kind = MemberPlanInput['kind'];
type Unit = 'WEEK' | 'MONTH' | 'YEAR';

/** What the owner types: the price as text in the site's currency, numbers as text. */
interface Draft {
  name: string;
  description: string;
  kind: Kind;
  price: string;
  periodUnit: Unit;
  periodValue: string;
  numBillingCycles: string;
  trialDays: string;
}

const KIND_WORDS: Record<Kind, string> = {
  free: 'Free',
  one_off: 'One-off payment',
  recurring: 'Recurring',
};
const UNIT_WORDS: Record<Unit, string> = { WEEK: 'weeks', MONTH: 'months', YEAR: 'years' };

const emptyDraft: Draft = {
  name: '',
  description: '',
  kind: 'recurring',
  price: '',
  periodUnit: 'MONTH',
  periodValue: '1',
  numBillingCycles: '0',
  trialDays: '0',
};

function draftOf(plan: MemberPlan): Draft {
  return {
    name: plan.name,
    description: plan.description,
    kind: plan.kind,
    price: plan.kind === 'free' ? '' : minorToDecimal(plan.priceCents, plan.currency as never),
    periodUnit: (plan.periodUnit ?? 'MONTH') as Unit,
    periodValue: String(plan.periodValue ?? 1),
    numBillingCycles: String(plan.numBillingCycles),
    trialDays: String(plan.trialDays),
  };
}

const whole = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The draft as the API's input, or the fields' messages (the same rules the server applies). */
function inputOf(
  draft: Draft,
  currency: string,
): { ok: true; input: MemberPlanInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (!name || name.length > memberPlanLimits.name) errors.name = MEMBER_PLAN_MESSAGES.name;
  let priceCents = 0;
  if (draft.kind !== 'free') {
    const parsed = parseMoney(draft.price.trim() || '0', currency);
    if (!parsed.ok) errors.priceCents = parsed.message;
    else priceCents = parsed.minor;
  }
  const recurring = draft.kind === 'recurring';
  const periodValue = whole(draft.periodValue);
  const numBillingCycles = recurring ? whole(draft.numBillingCycles) : 0;
  const trialDays = recurring ? whole(draft.trialDays) : 0;
  if (recurring && !(periodValue >= 1 && periodValue <= memberPlanLimits.periodValue))
    errors.periodValue = MEMBER_PLAN_MESSAGES.periodRequired;
  if (!(numBillingCycles >= 0 && numBillingCycles <= memberPlanLimits.numBillingCycles))
    errors.numBillingCycles = `Enter a whole number from 0 to ${memberPlanLimits.numBillingCycles}.`;
  if (!(trialDays >= 0 && trialDays <= memberPlanLimits.trialDays))
    errors.trialDays = `Enter a whole number of days from 0 to ${memberPlanLimits.trialDays}.`;
  const input: MemberPlanInput = {
    name,
    description: draft.description.trim(),
    kind: draft.kind,
    priceCents,
    periodUnit: recurring ? draft.periodUnit : null,
    periodValue: recurring ? periodValue : null,
    numBillingCycles,
    trialDays,
    active: true,
  };
  Object.assign(errors, { ...memberPlanProblems(input), ...errors });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/**
 * The plans of one member area (free, one-off, recurring with a trial), edited inside the
 * area editor (under its "Plans" heading): the list with each plan's price as visitors read it, and a form to add or
 * change one. A paid plan is sold as its own product (kept at the plan's name and price).
 */
export function PlansEditor({ areaId }: { areaId: string }) {
  const canChange = mayChange(usePermissions(), 'products');
  const plans = useApiQuery(PLANS, { params: { areaId } });
  const [editing, setEditing] = useState<string | null>(null);
  const archive = useApiMutation('POST /api/studio/members/plans/:planId/archive', { invalidates: [PLANS] });
  const currency = plans.data?.currency ?? 'USD';
  const rows = plans.data?.plans ?? [];
  const shown = rows.filter((p) => p.active);
  const archived = rows.filter((p) => !p.active);

  return (
    <div className="plans-editor">
      <div className="plans-editor__head">
        <p className="muted">
          How visitors join this area. A paid plan is sold at checkout; a recurring plan renews until it is
          cancelled or has been charged the number of times you set.
        </p>
        {canChange && editing === null && (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            Add a plan
          </button>
        )}
      </div>
      {plans.errorText && (
        <p className="alert" role="alert">
          {plans.errorText}
        </p>
      )}
      {archive.errorText && (
        <p className="alert" role="alert">
          {archive.errorText}
        </p>
      )}
      {plans.isPending && <p className="loading">Loading…</p>}
      {plans.data && shown.length === 0 && editing === null && (
        <p className="muted">No plans yet: nobody can join this area until you add one.</p>
      )}
      <ul className="plans-editor__list">
        {shown.map((plan) =>
          editing === plan.id ? (
            <li key={plan.id} className="plans-editor__item plans-editor__item--editing">
              <PlanForm areaId={areaId} plan={plan} currency={currency} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={plan.id} className="plans-editor__item">
              <div className="plans-editor__summary">
                <span className="plans-editor__name">{plan.name}</span>
                <span className="plans-editor__price">{plan.priceText}</span>
                <span className="badge">{KIND_WORDS[plan.kind]}</span>
              </div>
              {canChange && (
                <div className="plans-editor__actions">
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Edit ${plan.name}`}
                    disabled={editing !== null}
                    onClick={() => setEditing(plan.id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger"
                    aria-label={`Archive ${plan.name}`}
                    disabled={archive.isPending}
                    onClick={async () => {
                      const sure = await confirmModal({
                        title: 'Archive plan',
                        message: `${plan.name} is no longer offered. Its members keep their access, and recurring memberships keep renewing until they are cancelled.`,
                        confirmLabel: 'Archive',
                      });
                      if (sure) archive.mutate({ params: { planId: plan.id } });
                    }}
                  >
                    Archive
                  </button>
                </div>
              )}
            </li>
          ),
        )}
        {editing === 'new' && (
          <li className="plans-editor__item plans-editor__item--editing">
            <PlanForm areaId={areaId} plan={null} currency={currency} onDone={() => setEditing(null)} />
          </li>
        )}
      </ul>
      {archived.length > 0 && (
        <details className="plans-editor__archived">
          <summary>Archived plans ({archived.length})</summary>
          <ul>
            {archived.map((p) => (
              <li key={p.id}>
                {p.name}: {p.priceText}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function PlanForm({
  areaId,
  plan,
  currency,
  onDone,
}: {
  areaId: string;
  plan: MemberPlan | null;
  currency: string;
  onDone(): void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(plan ? draftOf(plan) : emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const create = useApiMutation('POST /api/studio/members/areas/:areaId/plans', { invalidates: [PLANS] });
  const update = useApiMutation('PUT /api/studio/members/plans/:planId', { invalidates: [PLANS] });
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const checked = inputOf(draft, currency);
  const preview = checked.ok
    ? memberPlanPriceText({
        ...checked.input,
        currency,
        periodUnit: checked.input.periodUnit ?? null,
        periodValue: checked.input.periodValue ?? null,
      })
    : '';

  const field = (name: keyof Draft, apiPath: string, label: string, extra: Record<string, unknown> = {}) => {
    const id = `${uid}-${name}`;
    const error = errors[apiPath];
    return (
      <div className="plans-editor__field">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          value={draft[name]}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
          {...extra}
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="plans-editor__form"
      noValidate
      aria-label={plan ? `Edit ${plan.name}` : 'New plan'}
      onSubmit={async (e) => {
        e.preventDefault();
        setMessage('');
        const next = inputOf(draft, currency);
        if (!next.ok) {
          setErrors(next.errors);
          return;
        }
        setErrors({});
        try {
          if (plan) await update.mutateAsync({ params: { planId: plan.id }, body: next.input });
          else await create.mutateAsync({ params: { areaId }, body: next.input });
          onDone();
        } catch (failure) {
          const body = failure instanceof ApiFailure ? failure.body : {};
          const fieldErrors = (body.errors ?? {}) as Record<string, string>;
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0)
            setMessage(failure instanceof Error ? failure.message : 'The plan could not be saved.');
        }
      }}
    >
      <h3 className="plans-editor__form-title">{plan ? `Edit ${plan.name}` : 'New plan'}</h3>
      {message && (
        <p className="alert" role="alert">
          {message}
        </p>
      )}
      {field('name', 'name', 'Name', { maxLength: memberPlanLimits.name })}
      <div className="plans-editor__field">
        <label htmlFor={`${uid}-description`} className="field-label">
          Description (optional)
        </label>
        <textarea
          id={`${uid}-description`}
          rows={2}
          maxLength={memberPlanLimits.description}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
      <fieldset className="plans-editor__kinds" disabled={plan !== null}>
        <legend className="field-label">Kind</legend>
        {(Object.keys(KIND_WORDS) as Kind[]).map((kind) => (
          <label key={kind} className="check">
            <input
              type="radio"
              name={`${uid}-kind`}
              checked={draft.kind === kind}
              onChange={() => set({ kind })}
            />
            {KIND_WORDS[kind]}
          </label>
        ))}
        {plan && <p className="muted">A plan’s kind is fixed once it is made.</p>}
        {errors.kind && <p className="field-error">{errors.kind}</p>}
      </fieldset>
      {draft.kind !== 'free' && field('price', 'priceCents', `Price (${currency})`, { inputMode: 'decimal' })}
      {draft.kind === 'recurring' && (
        <div className="plans-editor__row">
          <div className="plans-editor__field">
            <label htmlFor={`${uid}-periodValue`} className="field-label">
              Charged every
            </label>
            <div className="plans-editor__period">
              <input
                id={`${uid}-periodValue`}
                inputMode="numeric"
                value={draft.periodValue}
                aria-invalid={!!errors.periodValue}
                aria-describedby={errors.periodValue ? `${uid}-periodValue-error` : undefined}
                onChange={(e) => set({ periodValue: e.target.value })}
              />
              <select
                aria-label="Period"
                value={draft.periodUnit}
                onChange={(e) => set({ periodUnit: e.target.value as Unit })}
              >
                {(Object.keys(UNIT_WORDS) as Unit[]).map((u) => (
                  <option key={u} value={u}>
                    {UNIT_WORDS[u]}
                  </option>
                ))}
              </select>
            </div>
            {errors.periodValue && (
              <p id={`${uid}-periodValue-error`} className="field-error">
                {errors.periodValue}
              </p>
            )}
          </div>
          {field('numBillingCycles', 'numBillingCycles', 'Number of payments (0 = until cancelled)', {
            inputMode: 'numeric',
          })}
          {/* No free-trial field: checkout cannot yet keep a card without charging it. */}
        </div>
      )}
      <p className="plans-editor__preview" aria-live="polite">
        {preview ? `Visitors see: ${preview}` : ''}
      </p>
      <div className="plans-editor__buttons">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : plan ? 'Save plan' : 'Add plan'}
        </button>
        <button type="button" className="btn btn--plain" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
