import { hasVariantSelection, isSoldOut } from '@store/commerce';
import { useRef } from 'react';
import { AddToCartButton, type AddToCartHandle } from '../../components/add-to-cart-button';
import { type ProductData, pageData } from '../../page-data';
import { mountInto } from '../mount-into';

/**
 * Product grid button (spec §2, §4): products with options cannot be added from the grid, so
 * the button flashes "Select Option" for 2000 ms instead of an alert; sold out disables it.
 */
function GridButton({ product }: { product: ProductData }) {
  const handle = useRef<AddToCartHandle>(null);
  return (
    <AddToCartButton
      product={product}
      imageUrl={product.assetUrl}
      soldOut={isSoldOut(product)}
      productPage="plp"
      handle={handle}
      prepare={() => {
        if (hasVariantSelection(product) || product.additionalFieldsFormId) {
          handle.current?.flashSelectOption();
          return null;
        }
        return { sku: product.variants[0]?.sku ?? null, quantity: 1 };
      }}
    />
  );
}

export function mount(element: HTMLElement): void {
  const itemId = element.dataset.itemId ?? '';
  const product = pageData().products[itemId];
  if (!product) return;
  mountInto(element, <GridButton product={product} />);
}
