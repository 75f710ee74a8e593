import type { ApiInput, ApiOutput } from '@store/api/client';
import { formatMoney, minorToDecimal, parseMoney } from '@store/commerce';
import { ApiFailure, call } from '../api';

export type StorePrefs = Extract<
  ApiOutput<'GET /api/v1/commerce-preferences/:namespace'>,
  { currency: string }
>;
export type InstalmentPrefs = Extract<
  ApiOutput<'GET /api/v1/commerce-preferences/:namespace'>,
  { provider: string }
>;
export type ShippingRow = ApiOutput<'GET /api/studio/commerce/shipping-options'>['shippingOptions'][number];
export type TaxRow = ApiOutput<'GET /api/studio/commerce/tax-rules'>['taxRules'][number];
export type CouponRow = ApiOutput<'GET /api/studio/commerce/coupons'>['coupons'][number];
export type ShippingBody = ApiInput<'POST /api/studio/commerce/shipping-options'>['body'];
export type TaxBody = ApiInput<'POST /api/studio/commerce/tax-rules'>['body'];
export type CouponBody = ApiInput<'POST /api/studio/commerce/coupons'>['body'];

/** Per-field messages of a failed save (400 `errors`, 409 on a coupon code), else one general message. */
export function failureMessages(failure: unknown): { fields: Record<string, string>; general: string } {
  if (failure instanceof ApiFailure) {
    const fields = (failure.body.errors as Record<string, string> | undefined) ?? {};
    return { fields, general: Object.keys(fields).length ? '' : failure.message };
  }
  return { fields: {}, general: 'Something went wrong' };
}

export const preferencesApi = {
  store: () =>
    call('GET /api/v1/commerce-preferences/:namespace', {
      params: { namespace: 'store' },
    }) as Promise<StorePrefs>,
  instalments: () =>
    call('GET /api/v1/commerce-preferences/:namespace', {
      params: { namespace: 'instalments' },
    }) as Promise<InstalmentPrefs>,
  save: (namespace: 'store' | 'instalments', changes: Partial<StorePrefs> | Partial<InstalmentPrefs>) =>
    call('PUT /api/v1/commerce-preferences/:namespace', { params: { namespace }, body: changes }),
};

/** One owner-managed list (shipping options, tax rules, coupons): list, add, replace, delete. */
export interface ListApi<Row, Body> {
  list(): Promise<Row[]>;
  save(body: Body, id?: string): Promise<Row>;
  remove(id: string): Promise<unknown>;
}

export const shippingApi: ListApi<ShippingRow, ShippingBody> = {
  list: async () => (await call('GET /api/studio/commerce/shipping-options')).shippingOptions,
  save: (body, id) =>
    id
      ? call('PUT /api/studio/commerce/shipping-options/:id', { params: { id }, body })
      : call('POST /api/studio/commerce/shipping-options', { body }),
  remove: (id) => call('DELETE /api/studio/commerce/shipping-options/:id', { params: { id } }),
};

export const taxApi: ListApi<TaxRow, TaxBody> = {
  list: async () => (await call('GET /api/studio/commerce/tax-rules')).taxRules,
  save: (body, id) =>
    id
      ? call('PUT /api/studio/commerce/tax-rules/:id', { params: { id }, body })
      : call('POST /api/studio/commerce/tax-rules', { body }),
  remove: (id) => call('DELETE /api/studio/commerce/tax-rules/:id', { params: { id } }),
};

export const couponApi: ListApi<CouponRow, CouponBody> = {
  list: async () => (await call('GET /api/studio/commerce/coupons')).coupons,
  save: (body, id) =>
    id
      ? call('PUT /api/studio/commerce/coupons/:id', { params: { id }, body })
      : call('POST /api/studio/commerce/coupons', { body }),
  remove: (id) => call('DELETE /api/studio/commerce/coupons/:id', { params: { id } }),
};

/**
 * The fields of `draft` whose values differ from `saved` (spec §4: an update is sent only when
 * a value differs from what the client has).
 */
export function changedFields<T extends object>(saved: T, draft: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) if (draft[key] !== saved[key]) out[key] = draft[key];
  return out;
}

/** Money typed in major units ↔ integer minor units of the store currency (blank = 0). */
export const money = {
  text: (minor: number, currency: string) => minorToDecimal(minor, currency),
  show: (minor: number, currency: string) =>
    formatMoney(minor, currency as Parameters<typeof formatMoney>[1]),
  parse(text: string, currency: string): { ok: true; minor: number } | { ok: false; message: string } {
    const trimmed = text.trim();
    if (!trimmed) return { ok: true, minor: 0 };
    const parsed = parseMoney(trimmed, currency);
    if (!parsed.ok) return { ok: false, message: parsed.message };
    return parsed.minor < 0 ? { ok: false, message: 'Enter 0 or more.' } : parsed;
  },
};
