import type { Formatter } from '../../plugin-api';
import { decimalToString } from '@store/commerce';
import { fromPrice, legacyPrice, normalPrice, salePrice } from './prices';

/** `from-price`: lowest price (sale price where on sale) in legacy cents. */
export const fromPriceFormatter: Formatter = (value) => decimalToString(legacyPrice(fromPrice(value)));

/** `normal-price`: highest regular price in legacy cents. */
export const normalPriceFormatter: Formatter = (value) => decimalToString(legacyPrice(normalPrice(value)));

/** `sale-price`: lowest on-sale price in legacy cents. */
export const salePriceFormatter: Formatter = (value) => decimalToString(legacyPrice(salePrice(value)));
