import { QUANTITY_MAX, QUANTITY_MIN } from '../constants';
import { ADD_TO_CART_ERRORS } from '../messages/add-to-cart';
import { fillMessage } from '../messages/fill-message';
import { isDecimalQuantityText } from './decimal-quantity-text';

export type QuantityErrorCode = 'QUANTITY_NOT_A_NUMBER' | 'QUANTITY_NOT_WHOLE' | 'QUANTITY_OUT_OF_RANGE';

export type ParseQuantityResult =
  | { ok: true; quantity: number }
  | { ok: false; code: QuantityErrorCode; message: string };

/**
 * Reads a quantity from an input value (spec §5): a number, whole, from 1 to 9999.
 *
 * @example
 * parseQuantity('3');   // { ok: true, quantity: 3 }
 * parseQuantity('abc'); // { ok: false, code: 'QUANTITY_NOT_A_NUMBER', message: 'Quantity must be a number.' }
 * parseQuantity('1.5'); // { ok: false, code: 'QUANTITY_NOT_WHOLE', message: 'Quantity must be a whole number' }
 */
export function parseQuantity(raw: unknown): ParseQuantityResult {
  let value: number;
  if (typeof raw === 'number') value = raw;
  // Only decimal text: "0x10", "1e3" and " 2 " are not quantities (Number() would take them).
  else if (typeof raw === 'string' && isDecimalQuantityText(raw)) value = Number(raw);
  else value = Number.NaN;
  if (!Number.isFinite(value)) return fail('QUANTITY_NOT_A_NUMBER');
  if (!Number.isInteger(value)) return fail('QUANTITY_NOT_WHOLE');
  if (value < QUANTITY_MIN || value > QUANTITY_MAX) return fail('QUANTITY_OUT_OF_RANGE');
  return { ok: true, quantity: value };
}

function fail(code: QuantityErrorCode): ParseQuantityResult {
  return { ok: false, code, message: fillMessage(ADD_TO_CART_ERRORS[code]) };
}
