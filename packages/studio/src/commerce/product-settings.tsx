import { canBeSubscription, tracksStock } from '@store/commerce';
import type { ProductDraft } from './product-draft';

type Errors = Record<string, string>;
const Err = ({ errors, path }: { errors: Errors; path: string }) =>
  errors[path] ? <p className="field-error">{errors[path]}</p> : null;

/**
 * The selling settings below the variants: a subscription plan (physical products and
 * services only, spec §9), the additional-fields form, the add button's own text, and the
 * merchandising of spec §3 (scarcity, custom sold-out text, back-in-stock signups) for the
 * types that track stock.
 */
export function ProductSettings({
  draft,
  forms,
  errors,
  onChange,
}: {
  draft: ProductDraft;
  forms: { id: string; name: string }[] | null;
  errors: Errors;
  onChange(patch: Partial<ProductDraft>): void;
}) {
  const m = draft.merchandising ?? {};
  const merch = (patch: Partial<NonNullable<ProductDraft['merchandising']>>) =>
    onChange({ merchandising: { ...m, ...patch } });
  const plan = (patch: Partial<ProductDraft['plan']>) => onChange({ plan: { ...draft.plan, ...patch } });
  return (
    <>
      {canBeSubscription(draft.productType) && (
        <fieldset className="product-settings__box">
          <legend>Subscription</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.isSubscribable ?? false}
              onChange={(e) => onChange({ isSubscribable: e.target.checked })}
            />
            Sell as a subscription
          </label>
          <Err errors={errors} path="isSubscribable" />
          <Err errors={errors} path="subscriptionPlan" />
          {draft.isSubscribable && (
            <>
              <label htmlFor="plan-every">Bill every</label>
              <div className="plan-period">
                <input
                  id="plan-every"
                  className="plan-period__value"
                  type="number"
                  min={1}
                  max={365}
                  value={draft.plan.every}
                  onChange={(e) => plan({ every: e.target.value })}
                />
                <select
                  aria-label="Billing unit"
                  value={draft.plan.unit}
                  onChange={(e) => plan({ unit: e.target.value as ProductDraft['plan']['unit'] })}
                >
                  <option value="WEEK">week(s)</option>
                  <option value="MONTH">month(s)</option>
                  <option value="YEAR">year(s)</option>
                </select>
              </div>
              <Err errors={errors} path="subscriptionPlan.billingPeriod.value" />
              <label htmlFor="plan-cycles">Number of payments (0 = until canceled)</label>
              <input
                id="plan-cycles"
                className="plan-period__value"
                type="number"
                min={0}
                max={1000}
                value={draft.plan.cycles}
                onChange={(e) => plan({ cycles: e.target.value })}
              />
              <Err errors={errors} path="subscriptionPlan.numBillingCycles" />
            </>
          )}
        </fieldset>
      )}
      <fieldset className="product-settings__box">
        <legend>Checkout</legend>
        <label htmlFor="product-form">Additional fields form</label>
        <select
          id="product-form"
          value={draft.additionalFieldsFormId ?? ''}
          onChange={(e) => onChange({ additionalFieldsFormId: e.target.value || null })}
        >
          <option value="">None</option>
          {forms?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <Err errors={errors} path="additionalFieldsFormId" />
        <label className="check">
          <input
            type="checkbox"
            checked={draft.useCustomAddButtonText ?? false}
            onChange={(e) => onChange({ useCustomAddButtonText: e.target.checked })}
          />
          Custom add-to-cart button text
        </label>
        {draft.useCustomAddButtonText && (
          <>
            <label htmlFor="product-button-text">Button text</label>
            <input
              id="product-button-text"
              maxLength={100}
              value={draft.customAddButtonText ?? ''}
              placeholder="Add to Cart"
              onChange={(e) => onChange({ customAddButtonText: e.target.value })}
            />
          </>
        )}
        <Err errors={errors} path="customAddButtonText" />
      </fieldset>
      {/* Digital products and gift cards never sell out: nothing to merchandise around stock. */}
      {tracksStock(draft.productType) && (
        <fieldset className="product-settings__box">
          <legend>Merchandising</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={m.scarcityEnabled ?? false}
              onChange={(e) => merch({ scarcityEnabled: e.target.checked })}
            />
            Show how few are left (scarcity)
          </label>
          {m.scarcityEnabled && (
            <>
              <label htmlFor="product-scarcity">Scarcity text ({'{qty}'} is the number left)</label>
              <input
                id="product-scarcity"
                maxLength={200}
                value={m.scarcityText ?? ''}
                placeholder="Only {qty} left in stock"
                onChange={(e) => merch({ scarcityText: e.target.value })}
              />
              <Err errors={errors} path="merchandising.scarcityText" />
            </>
          )}
          <label htmlFor="product-sold-out">Sold-out text</label>
          <input
            id="product-sold-out"
            maxLength={100}
            value={m.customSoldOutText ?? ''}
            placeholder="sold out"
            onChange={(e) => merch({ customSoldOutText: e.target.value })}
          />
          <Err errors={errors} path="merchandising.customSoldOutText" />
          <label className="check">
            <input
              type="checkbox"
              checked={m.restockNotificationsEnabled ?? false}
              onChange={(e) => merch({ restockNotificationsEnabled: e.target.checked })}
            />
            Offer back-in-stock e-mails when sold out
          </label>
        </fieldset>
      )}
    </>
  );
}
