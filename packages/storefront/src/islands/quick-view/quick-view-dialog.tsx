import { displayPriceCents, formatMoney, isOnSale, subscriptionPriceText } from '@store/commerce';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Modal } from '../../components/modal';
import type { PageData, ProductData } from '../../page-data';
import { ProductDetail } from '../product-detail/index';

/** The product's pictures: the main image, then each variant's own, without repeats. */
export function quickViewImages(product: ProductData): string[] {
  const urls = [
    product.assetUrl,
    ...product.variants.map((v) => (v as { imageUrl?: string | null }).imageUrl),
    ...(product.images ?? []),
  ];
  return [...new Set(urls.filter((u): u is string => Boolean(u)))];
}

function HeadlinePrice(props: { product: ProductData; currency: string }) {
  const { product, currency } = props;
  const cents = displayPriceCents(product);
  const money = formatMoney(cents, currency);
  const text = product.isSubscribable ? subscriptionPriceText(money, product.subscriptionPlan) : money;
  const original = product.variants.find((v) => v.onSale)?.priceCents;
  return (
    <div className="product-price-wrap" data-product-price>
      <div className="product-price">
        <span className={isOnSale(product) ? 'sale-price' : 'sqs-money-native'}>{text}</span>
        {isOnSale(product) && original !== undefined && <del>{formatMoney(original, currency)}</del>}
      </div>
    </div>
  );
}

/**
 * Quick view (spec §2 template "quick-view button", §7 RecordQuickView): the product in a
 * dialog over the grid — pictures, price, variant pickers, quantity and add to cart — with a
 * link to the full page. The variant image swap works here too (the dialog's image is the
 * page's only `[data-product-image]` on a grid page).
 */
function QuickView(props: { product: ProductData; page: PageData; onClose: () => void }) {
  const { product, page } = props;
  const images = quickViewImages(product);
  const [shown, setShown] = useState(images[0] ?? null);
  return (
    <Modal title={product.title} onClose={props.onClose} className="quick-view">
      <div className="quick-view__grid" data-testid="quick-view">
        <div className="quick-view__media">
          {shown && (
            <img
              className="product-image"
              data-product-image
              src={shown}
              alt={product.title}
              width={600}
              height={600}
            />
          )}
          {images.length > 1 && (
            <div className="product-thumbs">
              {images.map((url, i) => (
                <button
                  type="button"
                  key={url}
                  className="product-thumb"
                  aria-label={`Show image ${i + 1} of ${images.length}`}
                  aria-current={url === shown}
                  onClick={() => setShown(url)}
                >
                  <img src={url} alt="" width={64} height={64} />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="quick-view__meta">
          <HeadlinePrice product={product} currency={page.currency} />
          <div className="product-form">
            <ProductDetail product={product} page={page} restock={null} />
          </div>
          <a className="quick-view__details" href={product.fullUrl}>
            View full details
          </a>
        </div>
      </div>
    </Modal>
  );
}

let host: HTMLElement | null = null;

/** Open the quick view of `product` (one at a time); closing removes it and returns focus. */
export function openQuickView(product: ProductData, page: PageData): void {
  if (host) return;
  const el = document.createElement('div');
  el.className = 'quick-view-root';
  document.body.append(el);
  host = el;
  const root = createRoot(el);
  const close = () => {
    root.unmount();
    el.remove();
    host = null;
  };
  root.render(<QuickView product={product} page={page} onClose={close} />);
}
