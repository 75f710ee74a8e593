import { shippingOptionInput } from '@store/api';
import { Check, Field } from './settings-preferences';
import { type Errors, type ListSpec, SettingsList } from './settings-list';
import { money, type ShippingBody, type ShippingRow, shippingApi } from './settings-api';
import { firstError, parseZones, zonesText } from './settings-format';

type Draft = {
  name: string;
  description: string;
  kind: 'FLAT' | 'WEIGHT';
  cost: string;
  perKg: string;
  freeOver: string;
  zones: string;
  enabled: boolean;
};

export function ShippingSection({ currency }: { currency: string }) {
  const spec: ListSpec<ShippingRow, ShippingBody, Draft> = {
    id: 'shipping',
    title: 'Shipping',
    noun: 'shipping option',
    route: 'GET /api/studio/commerce/shipping-options',
    schema: shippingOptionInput,
    api: shippingApi,
    headers: ['Name', 'Cost', 'Free over', 'Ships to', 'State'],
    cells: (r) => [
      r.name,
      r.kind === 'WEIGHT'
        ? `${money.show(r.costCents, currency)} + ${money.show(r.ratePerKgCents, currency)}/kg`
        : money.show(r.costCents, currency),
      r.freeOverCents === null ? '—' : money.show(r.freeOverCents, currency),
      r.zones.length ? zonesText(r.zones) : 'Everywhere',
      r.enabled ? 'On' : 'Off',
    ],
    sortValues: (r) => [
      r.name,
      r.costCents,
      r.freeOverCents,
      r.zones.length ? zonesText(r.zones) : '',
      r.enabled,
    ],
    label: (r) => `the shipping option “${r.name}”`,
    blank: () => ({
      name: '',
      description: '',
      kind: 'FLAT',
      cost: '',
      perKg: '',
      freeOver: '',
      zones: '',
      enabled: true,
    }),
    toDraft: (r) => ({
      name: r.name,
      description: r.description,
      kind: r.kind,
      cost: money.text(r.costCents, currency),
      perKg: money.text(r.ratePerKgCents, currency),
      freeOver: r.freeOverCents === null ? '' : money.text(r.freeOverCents, currency),
      zones: zonesText(r.zones),
      enabled: r.enabled,
    }),
    toBody: (d) => {
      const cost = money.parse(d.cost, currency);
      const perKg = money.parse(d.perKg, currency);
      const freeOver = money.parse(d.freeOver, currency);
      const errors: Errors = {};
      if (!cost.ok) errors.costCents = cost.message;
      if (!perKg.ok) errors.ratePerKgCents = perKg.message;
      if (!freeOver.ok) errors.freeOverCents = freeOver.message;
      if (!cost.ok || !perKg.ok || !freeOver.ok) return { ok: false, errors };
      return {
        ok: true,
        body: {
          name: d.name,
          description: d.description,
          kind: d.kind,
          costCents: cost.minor,
          ratePerKgCents: d.kind === 'WEIGHT' ? perKg.minor : 0,
          freeOverCents: d.freeOver.trim() ? freeOver.minor : null,
          zones: parseZones(d.zones),
          enabled: d.enabled,
        },
      };
    },
    fields: ({ draft, set, errors }) => (
      <div className="ss-grid">
        <Field id="so-name" label="Name" error={errors.name}>
          <input
            id="so-name"
            value={draft.name}
            aria-invalid={!!errors.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <Field id="so-description" label="Description" error={errors.description}>
          <input
            id="so-description"
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Field>
        <Field id="so-kind" label="Charge" error={errors.kind}>
          <select
            id="so-kind"
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            <option value="FLAT">Flat rate</option>
            <option value="WEIGHT">By weight</option>
          </select>
        </Field>
        <Field
          id="so-cost"
          label={draft.kind === 'WEIGHT' ? `Base cost (${currency})` : `Cost (${currency})`}
          error={errors.costCents}
        >
          <input
            id="so-cost"
            inputMode="decimal"
            value={draft.cost}
            aria-invalid={!!errors.costCents}
            onChange={(e) => set({ cost: e.target.value })}
          />
        </Field>
        {draft.kind === 'WEIGHT' && (
          <Field id="so-perkg" label={`Per started kg (${currency})`} error={errors.ratePerKgCents}>
            <input
              id="so-perkg"
              inputMode="decimal"
              value={draft.perKg}
              aria-invalid={!!errors.ratePerKgCents}
              onChange={(e) => set({ perKg: e.target.value })}
            />
          </Field>
        )}
        <Field
          id="so-free"
          label={`Free when the subtotal reaches (${currency})`}
          hint="Blank: never free."
          error={errors.freeOverCents}
        >
          <input
            id="so-free"
            inputMode="decimal"
            value={draft.freeOver}
            aria-invalid={!!errors.freeOverCents}
            onChange={(e) => set({ freeOver: e.target.value })}
          />
        </Field>
        <Field
          id="so-zones"
          label="Ships to"
          hint="Countries or country-region, e.g. US-NY, CA, GB. Blank: everywhere."
          error={firstError(errors, 'zones')}
        >
          <input
            id="so-zones"
            value={draft.zones}
            aria-invalid={!!firstError(errors, 'zones')}
            onChange={(e) => set({ zones: e.target.value })}
          />
        </Field>
        <Check
          id="so-enabled"
          label="Offered at checkout"
          checked={draft.enabled}
          onChange={(v) => set({ enabled: v })}
        />
      </div>
    ),
  };
  return <SettingsList spec={spec} />;
}
