import { ADD_FAILURE_TITLES } from '../constants';
import { ADD_FAILURE_ERRORS } from '../messages/add-to-cart';
import { fillMessage } from '../messages/fill-message';
import { ProductType, type ProductTypeCode } from '../product/product-types';

export interface AddFailureInput {
  /** HTTP status of the failed add, if any. */
  status?: number;
  /** The server flagged a stale or missing crumb (session token). */
  crumbFail?: boolean;
  cookiesEnabled?: boolean;
  /** Message from the server response, shown as is for other failures. */
  serverMessage?: string | null;
  express?: boolean;
  productType?: ProductTypeCode;
}

export interface AddFailure {
  code: 'SESSION_EXPIRED' | 'COOKIES_DISABLED' | 'RATE_LIMITED' | 'ADD_FAILED';
  title: string;
  message: string;
}

/**
 * The alert for a failed add (spec §8): crumb failures explain session or cookies, 429 asks to
 * wait, anything else shows the server's message. The title depends on the path: gift card,
 * express checkout, or a normal add.
 *
 * @example
 * addFailure({ status: 429 });
 * // { code: 'RATE_LIMITED', title: 'Unable to Add Item', message: 'Please try again in a few seconds.' }
 */
export function addFailure(input: AddFailureInput): AddFailure {
  const title =
    input.productType === ProductType.GIFT_CARD
      ? ADD_FAILURE_TITLES.giftCard
      : input.express
        ? ADD_FAILURE_TITLES.express
        : ADD_FAILURE_TITLES.cart;
  let code: AddFailure['code'] = 'ADD_FAILED';
  if (input.crumbFail) code = input.cookiesEnabled === false ? 'COOKIES_DISABLED' : 'SESSION_EXPIRED';
  else if (input.status === 429) code = 'RATE_LIMITED';
  const message =
    code === 'ADD_FAILED' && input.serverMessage
      ? input.serverMessage
      : fillMessage(ADD_FAILURE_ERRORS[code]);
  return { code, title, message };
}
