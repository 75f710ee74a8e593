import { hasVariantSelection, isSoldOut } from '@store/commerce';
import { useRef } from 'react';
import { AddToCartButton, type AddToCartHandle } from '../../components/add-to-cart-button';
import { type PageData, pageData } from '../../page-data';
import { mountInto } from '../mount-into';

/**
 * Product grid button (spec §2, §4): products with options cannot be added from the grid, so
 * the button flashes "Select Option" for 2000 ms instead of an alert; sold out disables it.
 */
function GridButton(props: { itemId: string; page: PageData }) {
  const product = props.page.products[props.itemId];
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
  const page = pageData();
  if (!page.products[itemId]) return;
  mountInto(element, <GridButton itemId={itemId} page={page} />);
}
