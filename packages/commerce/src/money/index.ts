// Money: minor units, currencies, parsing and formatting.
export {
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  type CurrencyInfo,
  currencyDigits,
  currencyInfo,
  DEFAULT_CURRENCY,
  isCurrencyCode,
} from './currencies';
export { currencyForLocale } from './currency-for-locale';
export {
  compareDecimal,
  type Decimal,
  decimalToIntl,
  decimalToNumber,
  decimalToString,
  movePoint,
  parseDecimal,
  ZERO,
} from './decimal';
export { type FormatMoneyOptions, formatMoney } from './format-money';
export { minorToDecimal } from './minor-to-decimal';
export {
  type CldrMoney,
  fromMoneyShape,
  type LegacyMoney,
  type MoneyShape,
  toMoneyShape,
} from './money-shape';
export { type ParseMoneyResult, parseMoney } from './parse-money';
export { percentOf } from './percent-of';
export { subtotalText } from './subtotal-text';
export { toMinorUnits } from './to-minor-units';
