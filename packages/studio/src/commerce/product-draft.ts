import { canBeSubscription, checkVariantSet, tracksStock, variantGrid } from '@store/commerce';
import { moneyText, parseMoneyText } from './product-money';
import type { ProductBody, ProductDetail, ProductTypeCode } from './products-api';

/** An option as the editor shows it: a name and its values (chips). */
export interface OptionDraft {
  /** Stable React key while the option is edited (options have no id in the API). */
  key: string;
  name: string;
  values: string[];
}

/**
 * A variant row as typed: money and numbers stay text until saved (a half-typed "12." must
 * not be rewritten under the cursor). `key` keeps React rows stable for unsaved variants.
 */
export interface VariantDraft {
  key: string;
  id?: string;
  sku: string;
  attributes: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  qty: string;
  unlimited: boolean;
  weight: string;
  imageUrl: string | null;
}

export type ProductDraft = Omit<ProductBody, 'variants' | 'variantOptionOrdering' | 'productType'> & {
  productType: ProductTypeCode;
  options: OptionDraft[];
  variants: VariantDraft[];
  /** The subscription plan as typed (kept while "subscription" is off, so toggling loses nothing). */
  plan: { every: string; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: string };
};

let nextKey = 0;
export const newKey = () => `new-${++nextKey}`;

const defaultMerchandising = {
  customSoldOutText: '',
  scarcityEnabled: false,
  scarcityText: '',
  scarcityShownByDefault: true,
  restockNotificationsEnabled: false,
};

export function blankVariant(attributes: Record<string, string>, like?: VariantDraft): VariantDraft {
  return {
    key: newKey(),
    sku: '',
    attributes,
    price: like?.price ?? '',
    salePrice: like?.salePrice ?? '',
    onSale: like?.onSale ?? false,
    qty: '0',
    unlimited: like?.unlimited ?? false,
    weight: like?.weight ?? '0',
    imageUrl: null,
  };
}

/** A new product of a type, in a store: one variant without options. */
export function blankDraft(productType: ProductTypeCode, collectionId: string): ProductDraft {
  return {
    title: '',
    urlId: undefined,
    excerpt: '',
    description: '',
    collectionId,
    categoryIds: [],
    productType,
    isSubscribable: false,
    subscriptionPlan: null,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    merchandising: { ...defaultMerchandising },
    imageIds: [],
    // A gift card's variants are its denominations: start the owner on that option.
    options: productType === 4 ? [{ key: newKey(), name: 'Value', values: [] }] : [],
    variants: [blankVariant({})],
    plan: { every: '1', unit: 'MONTH', cycles: '0' },
  };
}

/** The option values in the order the variants first use them (the API keeps only the grid). */
function optionsOf(detail: ProductDetail): OptionDraft[] {
  return detail.variantOptionOrdering.map((name) => ({
    key: newKey(),
    name,
    values: [...new Set(detail.variants.map((v) => v.attributes[name]).filter((v): v is string => !!v))],
  }));
}

export function draftFromDetail(detail: ProductDetail, currency: string): ProductDraft {
  const plan = detail.subscriptionPlan;
  return {
    title: detail.title,
    urlId: detail.urlId,
    excerpt: detail.excerpt,
    description: detail.description,
    collectionId: detail.collectionId,
    categoryIds: detail.categoryIds,
    productType: detail.productType as ProductTypeCode,
    isSubscribable: detail.isSubscribable,
    subscriptionPlan: plan,
    additionalFieldsFormId: detail.additionalFieldsFormId,
    useCustomAddButtonText: detail.useCustomAddButtonText,
    customAddButtonText: detail.customAddButtonText,
    merchandising: { ...defaultMerchandising, ...detail.merchandising },
    imageIds: detail.images.map((i) => i.id),
    options: optionsOf(detail),
    variants: detail.variants.map((v) => ({
      key: v.id,
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      price: moneyText(v.priceCents, currency),
      salePrice: moneyText(v.salePriceCents, currency),
      onSale: v.onSale,
      qty: String(v.qtyInStock),
      unlimited: v.unlimited,
      weight: String(v.weightGrams),
      imageUrl: v.imageUrl,
    })),
    plan: {
      every: String(plan?.billingPeriod.value ?? 1),
      unit: plan?.billingPeriod.unit ?? 'MONTH',
      cycles: String(plan?.numBillingCycles ?? 0),
    },
  };
}

/** Options that take part in the grid: named, with at least one value. */
export const gridOptions = (options: OptionDraft[]) =>
  options.filter((o) => o.name.trim() && o.values.length).map((o) => ({ ...o, name: o.name.trim() }));

/** New options → the variant grid again, keeping the data of variants whose options still match. */
export function withOptions(draft: ProductDraft, options: OptionDraft[]): ProductDraft {
  return { ...draft, options, variants: variantGrid(gridOptions(options), draft.variants, blankVariant) };
}

/** Rename an option in the variants too, so renaming keeps every row's data. */
export function renameOption(draft: ProductDraft, index: number, name: string): ProductDraft {
  const old = draft.options[index]?.name.trim();
  const next = name.trim();
  const options = draft.options.map((o, i) => (i === index ? { ...o, name: next } : o));
  if (!old || old === next) return withOptions(draft, options);
  const variants = draft.variants.map((v) => {
    if (!(old in v.attributes)) return v;
    const attributes: Record<string, string> = {};
    for (const [k, value] of Object.entries(v.attributes)) attributes[k === old ? next : k] = value;
    return { ...v, attributes };
  });
  return withOptions({ ...draft, variants }, options);
}

/** A SKU for a row left blank: the title's letters and the option values, upper case. */
export function suggestedSku(title: string, attributes: Record<string, string>): string {
  const part = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toUpperCase();
  return [part(title).slice(0, 20) || 'ITEM', ...Object.values(attributes).map(part)]
    .filter(Boolean)
    .join('-')
    .slice(0, 100);
}

const wholeNumber = (text: string, field: string, errors: Record<string, string>, label: string) => {
  const t = text.trim() || '0';
  if (!/^\d+$/.test(t)) {
    errors[field] = `${label} must be a whole number of 0 or more.`;
    return 0;
  }
  return Number(t);
};

/**
 * The request body for a draft, or the fields that cannot be sent, keyed by the same paths
 * the API uses for its own errors (`variants.2.priceCents`), so both show in the same place.
 */
export function draftToBody(
  draft: ProductDraft,
  currency: string,
): { ok: true; body: ProductBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const stock = tracksStock(draft.productType);
  const variants = draft.variants.map((v, i) => {
    const at = `variants.${i}`;
    const price = parseMoneyText(v.price, currency);
    const sale = parseMoneyText(v.salePrice, currency);
    if (!price.ok) errors[`${at}.priceCents`] = price.message;
    if (!sale.ok) errors[`${at}.salePriceCents`] = sale.message;
    return {
      ...(v.id ? { id: v.id } : {}),
      sku: v.sku.trim() || suggestedSku(draft.title, v.attributes),
      attributes: v.attributes,
      priceCents: price.ok ? price.minor : 0,
      salePriceCents: sale.ok ? sale.minor : 0,
      onSale: v.onSale,
      qtyInStock: stock && !v.unlimited ? wholeNumber(v.qty, `${at}.qtyInStock`, errors, 'Stock') : 0,
      unlimited: stock ? v.unlimited : false,
      weightGrams: wholeNumber(v.weight, `${at}.weightGrams`, errors, 'Weight'),
      imageUrl: v.imageUrl,
    };
  });
  const subscribable = Boolean(draft.isSubscribable) && canBeSubscription(draft.productType);
  const every = wholeNumber(draft.plan.every, 'subscriptionPlan.billingPeriod.value', errors, 'The period');
  const cycles = wholeNumber(draft.plan.cycles, 'subscriptionPlan.numBillingCycles', errors, 'Cycles');
  if (subscribable && every < 1)
    errors['subscriptionPlan.billingPeriod.value'] = 'Bill at least every 1 unit.';
  if (Object.keys(errors).length) return { ok: false, errors };
  const { options, plan, variants: _typed, ...rest } = draft;
  const body = {
    ...rest,
    urlId: rest.urlId?.trim() || undefined,
    isSubscribable: subscribable,
    subscriptionPlan: subscribable
      ? { billingPeriod: { value: every, unit: plan.unit }, numBillingCycles: cycles }
      : null,
    variantOptionOrdering: gridOptions(options).map((o) => o.name),
    variants,
  };
  // The variant-set rules the API applies too (shared): answered here without a round trip.
  const problem = checkVariantSet(body);
  if (problem) return { ok: false, errors: { [problem.field]: problem.message } };
  return { ok: true, body };
}
