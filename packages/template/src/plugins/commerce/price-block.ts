import { type MessageArgs, formatMessage } from './message';

/** One priced line of a price block: a message template and the price it shows. */
export interface PriceLine {
  readonly text: string;
  readonly price: string;
}

/** What a price block shows: a "from" line, else sale and original prices, else the normal price. */
export interface PriceBlock {
  readonly from?: PriceLine;
  readonly sale?: PriceLine;
  readonly normal?: PriceLine;
  /** Extra message arguments (subscription period and duration). */
  readonly extra?: MessageArgs;
  /** Whether the "from" line may also say `{price}` (product-price) or only `{fromPrice}`. */
  readonly fromAsPrice?: boolean;
}

/**
 * The platform renders price blocks in a private scope where `localizedStrings` cannot be
 * seen, so its labels always come out in English; we print the same.
 */
function hiddenLabel(text: string): string {
  return `<span class="visually-hidden v6-visually-hidden">${text}</span>`;
}

/** The inner lines shared by `product-price` and `subscription-price`. */
export function priceBlockBody(block: PriceBlock, locale: string | null): string {
  const extra = block.extra ?? {};
  const message = (text: string, args: MessageArgs) => formatMessage(text, args, locale);
  if (block.from?.price) {
    return `${message(block.from.text, {
      ...extra,
      fromPrice: block.from.price,
      ...(block.fromAsPrice ? { price: block.from.price } : {}),
    })}\n`;
  }
  if (block.sale?.price) {
    const normal = block.normal ?? { text: '', price: '' };
    return (
      hiddenLabel('Sale Price:') +
      message(block.sale.text, { ...extra, price: block.sale.price }) +
      ' ' +
      hiddenLabel('Original Price:') +
      `<span class="original-price">${message(normal.text, { ...extra, price: normal.price })}</span>\n`
    );
  }
  if (block.normal?.price) return message(block.normal.text, { ...extra, price: block.normal.price });
  return '';
}
