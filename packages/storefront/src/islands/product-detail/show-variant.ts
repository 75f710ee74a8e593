import { formatMoney, subscriptionPriceText } from '@store/commerce';
import type { ProductData } from '../../page-data';

/**
 * Show a chosen variant in the template, outside the island: its image (or the product's main
 * image) and its price, with the sale price's original struck through. A subscription keeps
 * its billing period ("$16.00 every month"), as the server wrote it. Loaded with the first
 * chosen variant: a product page whose options are not chosen yet does not download it.
 */
export function showVariant(
  product: ProductData,
  variant: ProductData['variants'][number],
  priceCents: number,
  currency: string,
): void {
  const img = document.querySelector<HTMLImageElement>('[data-product-image]');
  const url = variant.imageUrl || product.assetUrl;
  if (img && url && img.getAttribute('src') !== url) {
    img.removeAttribute('srcset');
    img.src = url;
  }
  const price = document.querySelector<HTMLElement>('[data-product-price] .product-price');
  if (!price) return;
  price.textContent = '';
  const now = document.createElement('span');
  now.className = variant.onSale ? 'sale-price' : 'sqs-money-native';
  const money = formatMoney(priceCents, currency);
  now.textContent = product.isSubscribable ? subscriptionPriceText(money, product.subscriptionPlan) : money;
  price.append(now);
  if (variant.onSale) {
    const was = document.createElement('del');
    was.textContent = formatMoney(variant.priceCents, currency);
    price.append(was);
  }
}
