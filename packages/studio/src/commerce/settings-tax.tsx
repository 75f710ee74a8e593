import { taxRuleInput } from '@store/api';
import { Check, Field } from './settings-preferences';
import { type Errors, type ListSpec, SettingsList } from './settings-list';
import { type TaxBody, type TaxRow, taxApi } from './settings-api';
import { percent, rateToBasisPoints } from './settings-format';

type Draft = {
  name: string;
  country: string;
  region: string;
  rate: string;
  included: boolean;
  appliesToShipping: boolean;
};

export function TaxSection() {
  const spec: ListSpec<TaxRow, TaxBody, Draft> = {
    id: 'tax',
    title: 'Tax',
    noun: 'tax rule',
    route: 'GET /api/studio/commerce/tax-rules',
    schema: taxRuleInput,
    api: taxApi,
    headers: ['Name', 'Where', 'Rate', 'Prices', 'Shipping'],
    cells: (r) => [
      r.name,
      r.region ? `${r.country}-${r.region}` : r.country,
      `${percent(r.rateBasisPoints)} %`,
      r.included ? 'Included in prices' : 'Added at checkout',
      r.appliesToShipping ? 'Taxed' : 'Not taxed',
    ],
    sortValues: (r) => [
      r.name,
      r.region ? `${r.country}-${r.region}` : r.country,
      r.rateBasisPoints,
      r.included,
      r.appliesToShipping,
    ],
    label: (r) => `the tax rule “${r.name}”`,
    blank: () => ({ name: '', country: '', region: '', rate: '', included: false, appliesToShipping: false }),
    toDraft: (r) => ({
      name: r.name,
      country: r.country,
      region: r.region ?? '',
      rate: percent(r.rateBasisPoints),
      included: r.included,
      appliesToShipping: r.appliesToShipping,
    }),
    toBody: (d) => {
      const bp = rateToBasisPoints(d.rate);
      if (bp === null)
        return { ok: false, errors: { rateBasisPoints: 'Enter a rate such as 8.25.' } as Errors };
      return {
        ok: true,
        body: {
          name: d.name,
          country: d.country.trim().toUpperCase(),
          region: d.region.trim() ? d.region.trim().toUpperCase() : null,
          rateBasisPoints: bp,
          included: d.included,
          appliesToShipping: d.appliesToShipping,
        },
      };
    },
    fields: ({ draft, set, errors }) => (
      <div className="ss-grid">
        <Field id="tr-name" label="Name" error={errors.name}>
          <input
            id="tr-name"
            value={draft.name}
            aria-invalid={!!errors.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <Field id="tr-country" label="Country" hint="Two letters, e.g. US." error={errors.country}>
          <input
            id="tr-country"
            maxLength={2}
            value={draft.country}
            aria-invalid={!!errors.country}
            onChange={(e) => set({ country: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field
          id="tr-region"
          label="Region (optional)"
          hint="e.g. NY; blank: the whole country."
          error={errors.region}
        >
          <input id="tr-region" value={draft.region} onChange={(e) => set({ region: e.target.value })} />
        </Field>
        <Field id="tr-rate" label="Rate (%)" error={errors.rateBasisPoints}>
          <input
            id="tr-rate"
            inputMode="decimal"
            value={draft.rate}
            aria-invalid={!!errors.rateBasisPoints}
            onChange={(e) => set({ rate: e.target.value })}
          />
        </Field>
        <Check
          id="tr-included"
          label="Prices already include this tax"
          checked={draft.included}
          onChange={(v) => set({ included: v })}
        />
        <Check
          id="tr-shipping"
          label="Tax shipping too"
          checked={draft.appliesToShipping}
          onChange={(v) => set({ appliesToShipping: v })}
        />
      </div>
    ),
  };
  return <SettingsList spec={spec} />;
}
