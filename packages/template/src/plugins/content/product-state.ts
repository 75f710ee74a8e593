import { isTruthy } from '../../values';
import { asInt, path, prop } from './node-path';

/** Product type codes (spec §3). */
const PHYSICAL = 1;
const DIGITAL = 2;
const SERVICE = 3;
const GIFT_CARD = 4;

const variantsOf = (item: unknown): unknown[] => {
  const v = path(item, 'structuredContent', 'variants');
  return Array.isArray(v) ? v : [];
};

const productType = (item: unknown): number => asInt(path(item, 'structuredContent', 'productType'));

/** A physical/service product with a variant on sale, or a digital product marked on sale. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (type === PHYSICAL || type === SERVICE) return variantsOf(item).some((v) => isTruthy(prop(v, 'onSale')));
  if (type === DIGITAL) return isTruthy(path(item, 'structuredContent', 'onSale'));
  return false;
}

/** Physical/service with no unlimited or in-stock variant; digital and gift cards never; unknown always. */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (type === DIGITAL || type === GIFT_CARD) return false;
  if (type !== PHYSICAL && type !== SERVICE) return true;
  return !variantsOf(item).some((v) => isTruthy(prop(v, 'unlimited')) || asInt(prop(v, 'qtyInStock')) > 0);
}
