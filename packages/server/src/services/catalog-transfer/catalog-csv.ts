import { CATALOG_TRANSFER_MESSAGES as M, type TransferProduct } from '@store/api';
import { fillMessage, minorToDecimal, parseMoney } from '@store/commerce';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../owner/csv';

/**
 * The catalogue as a spreadsheet: one row per variant. The product's own columns are read from
 * its first row (later rows of the same handle may repeat them or leave them empty). Money is
 * in decimal major units of the site's currency ("19.99"), read and written with string
 * arithmetic; a yes/no column is "yes" or "no"; lists are separated by " | ", category paths
 * by " > ". Translations are columns named "Title [fr]", "Excerpt [fr]", "Description [fr]".
 */
export const MAX_OPTIONS = 6;

const PRODUCT_COLUMNS = [
  'Handle',
  'Store',
  'Title',
  'Excerpt',
  'Description',
  'Type',
  'Categories',
  'Images',
  'Subscription',
] as const;
const VARIANT_COLUMNS = [
  'SKU',
  'Price',
  'Sale price',
  'On sale',
  'Stock',
  'Unlimited',
  'Weight (g)',
  'Variant image',
] as const;
const TRANSLATED = ['Title', 'Excerpt', 'Description'] as const;

const TYPE_NAMES: Record<number, string> = { 1: 'physical', 2: 'digital', 3: 'service', 4: 'gift card' };
const TYPE_CODES = new Map(Object.entries(TYPE_NAMES).map(([code, name]) => [name, Number(code)]));

const LIST = ' | ';
const PATH = ' > ';

export function categoryPath(names: readonly string[]): string {
  return names.join(PATH);
}
export function splitPath(path: string): string[] {
  return path
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The CSV of a catalogue (products in order, variants in order). */
export function catalogToCsv(products: readonly TransferProduct[], currency: string): string {
  const optionCount = Math.max(0, ...products.map((p) => p.options.length));
  const languages = [...new Set(products.flatMap((p) => Object.keys(p.translations)))].sort();
  const header: string[] = [
    ...PRODUCT_COLUMNS,
    ...Array.from({ length: optionCount }, (_, i) => [
      `Option ${i + 1} name`,
      `Option ${i + 1} value`,
    ]).flat(),
    ...VARIANT_COLUMNS,
    ...languages.flatMap((lang) => TRANSLATED.map((field) => `${field} [${lang}]`)),
  ];
  const rows: string[][] = [header];
  for (const p of products) {
    p.variants.forEach((v, i) => {
      const first = i === 0;
      const plan = p.subscriptionPlan;
      rows.push([
        p.handle ?? '',
        p.store,
        first ? p.title : '',
        first ? p.excerpt : '',
        first ? p.description : '',
        first ? (TYPE_NAMES[p.productType] ?? '') : '',
        first ? p.categories.join(LIST) : '',
        first ? p.images.join(LIST) : '',
        first && plan
          ? `${plan.billingPeriod.value} ${plan.billingPeriod.unit} ${plan.numBillingCycles}`
          : '',
        ...Array.from({ length: optionCount }, (_, k) => {
          const name = p.options[k];
          return name === undefined ? ['', ''] : [name, v.attributes[name] ?? ''];
        }).flat(),
        v.sku,
        minorToDecimal(v.priceMinor, currency),
        minorToDecimal(v.salePriceMinor, currency),
        v.onSale ? 'yes' : 'no',
        String(v.stock),
        v.unlimited ? 'yes' : 'no',
        String(v.weightGrams),
        v.image ?? '',
        ...languages.flatMap((lang) =>
          TRANSLATED.map((field) => {
            const t = p.translations[lang];
            const value = field === 'Title' ? t?.title : field === 'Excerpt' ? t?.excerpt : t?.description;
            return first ? (value ?? '') : '';
          }),
        ),
      ]);
    });
  }
  return toCsv(rows);
}

/** A product read from the sheet, not yet checked: the rows it came from and what they said. */
export interface SheetProduct {
  rows: number[];
  value: unknown;
  /** Cells that could not be read (money, numbers, yes/no), by column. */
  problems: { field: string; message: string }[];
}

/** A cell the export guarded against spreadsheet formulas ('=…) is read back as written. */
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Read a catalogue sheet into products (grouped by handle, or by title when there is none). */
export function csvToProducts(
  csv: string,
  currency: string,
): { products: SheetProduct[]; problems: { rows: number[]; message: string }[] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    return {
      products: [],
      problems: [{ rows: [], message: fillMessage(M.notCsv, { detail: (error as Error).message }) }],
    };
  }
  const [header, ...body] = records;
  if (!header) return { products: [], problems: [{ rows: [], message: M.empty }] };
  const col = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const missing = ['store', 'title', 'sku', 'price'].filter((c) => !col.has(c));
  if (missing.length > 0)
    return {
      products: [],
      problems: [{ rows: [1], message: fillMessage(M.missingColumns, { columns: missing.join(', ') }) }],
    };

  const byKey = new Map<string, { rows: number[]; cells: string[][] }>();
  body.forEach((cells, i) => {
    const get = (name: string) => unguard(cells[col.get(name) ?? -1] ?? '').trim();
    const key = `${get('store')}\u0000${get('handle') || get('title')}`;
    const group = byKey.get(key) ?? { rows: [], cells: [] };
    group.rows.push(i + 2);
    group.cells.push(cells.map(unguard));
    byKey.set(key, group);
  });

  const languageColumns = [...col.keys()]
    .map((name) => /^(title|excerpt|description) \[([a-z]{2,3}(?:-[a-z0-9]{2,8})*)\]$/i.exec(name))
    .filter((m): m is RegExpExecArray => m !== null);

  const products: SheetProduct[] = [];
  for (const { rows, cells } of byKey.values()) {
    const problems: SheetProduct['problems'] = [];
    const firstCells = cells[0] ?? [];
    const first = (name: string) => (firstCells[col.get(name) ?? -1] ?? '').trim();
    const money = (value: string, field: string) => {
      if (value === '') return 0;
      const parsed = parseMoney(value, currency);
      if (parsed.ok) return parsed.minor;
      problems.push({ field, message: parsed.message });
      return 0;
    };
    const whole = (value: string, field: string) => {
      if (value === '') return 0;
      if (/^\d+$/.test(value)) return Number(value);
      problems.push({ field, message: fillMessage(M.wholeNumber, { field }) });
      return 0;
    };
    const yes = (value: string, field: string) => {
      const v = value.toLowerCase();
      if (v === '' || v === 'no' || v === 'false') return false;
      if (v === 'yes' || v === 'true') return true;
      problems.push({ field, message: fillMessage(M.yesOrNo, { field }) });
      return false;
    };
    const typeName = first('type').toLowerCase();
    const productType = typeName === '' ? 1 : (TYPE_CODES.get(typeName) ?? Number(typeName));
    if (!TYPE_CODES.has(typeName) && typeName !== '' && !/^[1-4]$/.test(typeName))
      problems.push({ field: 'Type', message: M.type });
    const options: string[] = [];
    for (let k = 1; k <= MAX_OPTIONS; k++) {
      const name = first(`option ${k} name`);
      if (name) options.push(name);
    }
    const variants = cells.map((row) => {
      const cell = (name: string) => (row[col.get(name) ?? -1] ?? '').trim();
      const attributes: Record<string, string> = {};
      for (let k = 1; k <= MAX_OPTIONS; k++) {
        const name = first(`option ${k} name`);
        const value = cell(`option ${k} value`);
        if (name && value) attributes[name] = value;
      }
      return {
        sku: cell('sku'),
        attributes,
        priceMinor: money(cell('price'), 'Price'),
        salePriceMinor: money(cell('sale price'), 'Sale price'),
        onSale: yes(cell('on sale'), 'On sale'),
        stock: whole(cell('stock'), 'Stock'),
        unlimited: yes(cell('unlimited'), 'Unlimited'),
        weightGrams: whole(cell('weight (g)'), 'Weight (g)'),
        image: cell('variant image') || null,
      };
    });
    const plan = /^(\d+) (WEEK|MONTH|YEAR) (\d+)$/i.exec(first('subscription'));
    if (first('subscription') && !plan) problems.push({ field: 'Subscription', message: M.subscription });
    const translations: Record<string, Record<string, string>> = {};
    for (const m of languageColumns) {
      const value = first(m[0]);
      const field = (m[1] ?? '').toLowerCase();
      const lang = (m[2] ?? '').toLowerCase();
      if (!value) continue;
      translations[lang] = { ...translations[lang], [field]: value };
    }
    const list = (value: string) =>
      value
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
    products.push({
      rows,
      problems,
      value: {
        handle: first('handle') || undefined,
        store: first('store'),
        title: first('title'),
        excerpt: first('excerpt'),
        description: first('description'),
        productType,
        categories: list(first('categories')),
        images: list(first('images')),
        options,
        variants,
        subscriptionPlan: plan
          ? {
              billingPeriod: { value: Number(plan[1]), unit: (plan[2] ?? '').toUpperCase() },
              numBillingCycles: Number(plan[3]),
            }
          : null,
        translations,
      },
    });
  }
  return { products, problems: [] };
}
