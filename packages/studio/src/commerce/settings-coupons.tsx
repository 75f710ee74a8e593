import { couponInput } from '@store/api';
import { Check, Field } from './settings-preferences';
import { type Errors, type ListSpec, SettingsList } from './settings-list';
import { type CouponBody, type CouponRow, couponApi, money } from './settings-api';
import { fromLocal, toLocal } from './settings-format';

type Draft = {
  code: string;
  kind: CouponRow['kind'];
  amount: string;
  minimum: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  enabled: boolean;
};

export function CouponsSection({ currency }: { currency: string }) {
  const describe = (r: CouponRow) =>
    r.kind === 'PERCENTAGE'
      ? `${r.amount} % off`
      : r.kind === 'FIXED_AMOUNT'
        ? `${money.show(r.amount, currency)} off`
        : 'Free shipping';
  const spec: ListSpec<CouponRow, CouponBody, Draft> = {
    id: 'coupons',
    title: 'Coupons',
    noun: 'coupon',
    route: 'GET /api/studio/commerce/coupons',
    schema: couponInput,
    api: couponApi,
    headers: ['Code', 'Discount', 'Minimum', 'Valid', 'Used', 'State'],
    cells: (r) => [
      <code key="c">{r.code}</code>,
      describe(r),
      r.minSubtotalCents ? money.show(r.minSubtotalCents, currency) : '—',
      r.startsAt || r.endsAt
        ? `${r.startsAt ? new Date(r.startsAt).toLocaleDateString() : '…'} – ${r.endsAt ? new Date(r.endsAt).toLocaleDateString() : '…'}`
        : 'Always',
      r.usageLimit === null ? `${r.timesUsed}` : `${r.timesUsed} / ${r.usageLimit}`,
      r.enabled ? 'On' : 'Off',
    ],
    sortValues: (r) => [
      r.code,
      r.kind === 'FREE_SHIPPING' ? -1 : r.amount,
      r.minSubtotalCents,
      r.startsAt ?? r.endsAt,
      r.timesUsed,
      r.enabled,
    ],
    label: (r) => `the coupon ${r.code}`,
    blank: () => ({
      code: '',
      kind: 'PERCENTAGE',
      amount: '',
      minimum: '',
      startsAt: '',
      endsAt: '',
      usageLimit: '',
      enabled: true,
    }),
    toDraft: (r) => ({
      code: r.code,
      kind: r.kind,
      amount:
        r.kind === 'FIXED_AMOUNT'
          ? money.text(r.amount, currency)
          : r.kind === 'PERCENTAGE'
            ? String(r.amount)
            : '',
      minimum: r.minSubtotalCents ? money.text(r.minSubtotalCents, currency) : '',
      startsAt: toLocal(r.startsAt),
      endsAt: toLocal(r.endsAt),
      usageLimit: r.usageLimit === null ? '' : String(r.usageLimit),
      enabled: r.enabled,
    }),
    toBody: (d) => {
      const errors: Errors = {};
      const minimum = money.parse(d.minimum, currency);
      if (!minimum.ok) errors.minSubtotalCents = minimum.message;
      let amount = 0;
      if (d.kind === 'FIXED_AMOUNT') {
        const parsed = money.parse(d.amount, currency);
        if (parsed.ok) amount = parsed.minor;
        else errors.amount = parsed.message;
      } else if (d.kind === 'PERCENTAGE')
        amount = /^\s*\d+\s*$/.test(d.amount) ? Number(d.amount) : Number.NaN;
      if (Number.isNaN(amount)) errors.amount = 'A percentage is a whole number from 1 to 100.';
      const limit = d.usageLimit.trim() ? Number(d.usageLimit) : null;
      if (limit !== null && !Number.isInteger(limit)) errors.usageLimit = 'The limit must be at least 1.';
      if (Object.keys(errors).length || !minimum.ok) return { ok: false, errors };
      return {
        ok: true,
        body: {
          code: d.code,
          kind: d.kind,
          amount,
          minSubtotalCents: minimum.minor,
          startsAt: fromLocal(d.startsAt),
          endsAt: fromLocal(d.endsAt),
          usageLimit: limit,
          enabled: d.enabled,
        },
      };
    },
    fields: ({ draft, set, errors }) => (
      <div className="ss-grid">
        <Field id="cp-code" label="Code" hint="Buyers may type it in any case." error={errors.code}>
          <input
            id="cp-code"
            value={draft.code}
            aria-invalid={!!errors.code}
            onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field id="cp-kind" label="Discount" error={errors.kind}>
          <select
            id="cp-kind"
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            <option value="PERCENTAGE">Percentage off</option>
            <option value="FIXED_AMOUNT">Amount off</option>
            <option value="FREE_SHIPPING">Free shipping</option>
          </select>
        </Field>
        {draft.kind !== 'FREE_SHIPPING' && (
          <Field
            id="cp-amount"
            label={draft.kind === 'PERCENTAGE' ? 'Percent (1–100)' : `Amount (${currency})`}
            error={errors.amount}
          >
            <input
              id="cp-amount"
              inputMode="decimal"
              value={draft.amount}
              aria-invalid={!!errors.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
          </Field>
        )}
        <Field
          id="cp-minimum"
          label={`Minimum subtotal (${currency})`}
          hint="Blank: any order."
          error={errors.minSubtotalCents}
        >
          <input
            id="cp-minimum"
            inputMode="decimal"
            value={draft.minimum}
            aria-invalid={!!errors.minSubtotalCents}
            onChange={(e) => set({ minimum: e.target.value })}
          />
        </Field>
        <Field id="cp-starts" label="Starts" error={errors.startsAt}>
          <input
            id="cp-starts"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
        </Field>
        <Field id="cp-ends" label="Ends" error={errors.endsAt}>
          <input
            id="cp-ends"
            type="datetime-local"
            value={draft.endsAt}
            aria-invalid={!!errors.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
          />
        </Field>
        <Field
          id="cp-limit"
          label="Usage limit"
          hint="Orders that may use it; blank: unlimited."
          error={errors.usageLimit}
        >
          <input
            id="cp-limit"
            inputMode="numeric"
            value={draft.usageLimit}
            aria-invalid={!!errors.usageLimit}
            onChange={(e) => set({ usageLimit: e.target.value })}
          />
        </Field>
        <Check
          id="cp-enabled"
          label="Can be used"
          checked={draft.enabled}
          onChange={(v) => set({ enabled: v })}
        />
      </div>
    ),
  };
  return <SettingsList spec={spec} />;
}
