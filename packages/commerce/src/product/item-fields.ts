import { ProductType, type ProductTypeCode } from './product-types';

type Raw = Record<string, unknown>;

/** The object behind a JSON value, or an empty one (page data is often sparse). */
export const recordOf = (value: unknown): Raw =>
  typeof value === 'object' && value !== null ? (value as Raw) : {};

/** A stored flag: `true` or the string "true" (form-encoded data); anything else is false. */
export function flagOf(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * Units in stock as whole units: stock is counted in items, so "0.5" or 0.9 cannot sell one
 * and count as 0; text that is not a number, negatives and NaN count as 0.
 *
 * @example
 * stockUnitsOf('0.5'); // 0
 * stockUnitsOf('3');   // 3
 */
export function stockUnitsOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(ProductType));

/** The product type code of a stored value ("1" accepted); undefined when unknown. */
export function productTypeOf(value: unknown): ProductTypeCode | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && KNOWN_TYPES.has(n) ? (n as ProductTypeCode) : undefined;
}
