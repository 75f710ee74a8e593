import {
  displayPriceCents,
  hasVariantSelection,
  isSoldOut,
  optionNames,
  QUANTITY_MAX,
  resolveVariant,
  showQuantityInput,
  variantInStock,
  variantPriceCents,
} from '@store/commerce';
import { useEffect, useRef, useState } from 'react';
import { AddToCartButton, type AddToCartHandle, type AddRequest } from '../../components/add-to-cart-button';
import type { FormField } from '../../components/fields-form';
import { lazyComponent } from '../../components/lazy';
import { cartStore } from '../../cart-store';
import { type PageData, type ProductData, pageData } from '../../page-data';
import { mountInto } from '../mount-into';
import { Instalments } from './instalments';
import { VariantOptions } from './variant-options';

const ProductFormDialog = lazyComponent(() =>
  import('./product-form-dialog').then((m) => m.ProductFormDialog),
);

export function ProductDetail(props: { product: ProductData; page: PageData; restock: HTMLElement | null }) {
  const { product, page } = props;
  const options = hasVariantSelection(product) ? optionNames(product) : [];
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const pending = useRef<AddRequest | null>(null);
  const handle = useRef<AddToCartHandle>(null);

  const variant = options.length === 0 ? product.variants[0] : resolveVariant(product, chosen);
  const variantSoldOut = Boolean(variant && !variantInStock(product.productType, variant));
  const soldOut = isSoldOut(product) || variantSoldOut;
  const merch = page.merchandising[product.id] ?? {};
  const form = (page.form as { fields?: FormField[] } | null)?.fields
    ? (page.form as { fields: FormField[] })
    : null;
  // Before a variant is chosen the headline price (sale prices included) is what the pill uses.
  const priceCents = variant ? variantPriceCents(variant) : displayPriceCents(product);
  const soldOutText = capitalise(page.localizedStrings.productSoldOutText || 'sold out');

  // Variant image swap and price of the chosen variant (outside the island, in the template).
  // The code loads with the first chosen variant; a newer choice wins over one still loading.
  const shown = useRef(0);
  useEffect(() => {
    if (!variant) return;
    const seq = ++shown.current;
    void import('./show-variant').then((m) => {
      if (seq === shown.current) m.showVariant(product, variant, priceCents, page.currency);
    });
  }, [variant, priceCents, page.currency, product]);

  const missingOptions = options.filter((o) => !chosen[o]).join('\n');
  // Restock widget placeholder: visible only for a chosen sold-out variant (forms issue wires it).
  useEffect(() => {
    const el = props.restock;
    if (!el) return;
    const views = (merch.restockNotificationViews as string[] | undefined) ?? [];
    // A product sold out in every variant offers the signup at once, before any choice.
    const show = (variantSoldOut || isSoldOut(product)) && views.includes('PRODUCT_DETAIL');
    el.hidden = !show;
    if (variant) {
      el.dataset.variantId = variant.id ?? '';
      el.dataset.sku = variant.sku;
    }
    // With no variant chosen yet, the widget asks for the missing options before signing up.
    el.dataset.missingOptions = missingOptions;
    // A revealed placeholder gets its island now (hidden islands are not loaded up front).
    if (show && !el.dataset.islandMounted) document.dispatchEvent(new CustomEvent('sf:mount-islands'));
    el.dispatchEvent(new CustomEvent('restock:variant', { detail: { variant: show ? variant : null } }));
  }, [props.restock, variantSoldOut, variant, merch, product, missingOptions]);

  const scarcity = (() => {
    if (!merch.scarcityEnabled || !variant || variant.unlimited || variant.qtyInStock <= 0) return null;
    if (
      options.length > 0 &&
      Object.keys(chosen).length < options.length &&
      merch.scarcityShownByDefault === false
    )
      return null;
    const text = String(merch.scarcityText || 'Only {qty} left in stock');
    return text.replace('{qty}', String(variant.qtyInStock));
  })();

  // The validation loads with the first click (it is not needed to show the page).
  const prepare = async (): Promise<AddRequest | 'needs-form' | null> => {
    const actions = await import('../../components/add-to-cart-actions');
    const result = actions.validateAddToCart({
      product,
      chosenOptions: chosen,
      quantity: showQuantityInput(product, page) ? quantity : 1,
      cartEntries: cartStore.get().cart?.entries ?? [],
    });
    if (!result.ok) {
      setError(result.message);
      return null;
    }
    setError(null);
    const request = { sku: result.variant?.sku ?? null, quantity: result.quantity };
    if (product.additionalFieldsFormId && form) {
      pending.current = request;
      return 'needs-form';
    }
    return request;
  };

  return (
    <>
      {options.length > 0 && (
        <VariantOptions
          product={product}
          options={options}
          chosen={chosen}
          soldOutText={soldOutText}
          selectText={
            // Gift cards have their own label (spec §9 "Select Value").
            product.productType === 4
              ? page.localizedStrings.giftCardVariantSelectText || 'Select Value'
              : page.localizedStrings.productVariantSelectText || 'Select {variantName}'
          }
          onChange={(option, value) => {
            setError(null);
            setChosen((c) => {
              const next = { ...c };
              if (value) next[option] = value;
              else delete next[option];
              return next;
            });
          }}
        />
      )}
      {showQuantityInput(product, page) && (
        <div className="product-quantity-input" data-item-id={product.id}>
          <label className="quantity-label" htmlFor="product-quantity">
            {page.localizedStrings.productQuantityInputLabel || 'Quantity'}:
          </label>
          <input
            id="product-quantity"
            size={4}
            max={QUANTITY_MAX}
            min={1}
            step={1}
            type="number"
            value={quantity}
            onChange={(e) => {
              setError(null);
              setQuantity(e.target.value);
            }}
          />
        </div>
      )}
      <div className="product-scarcity-slot">
        {scarcity && <p className="product-scarcity">{scarcity}</p>}
      </div>
      <div className="product-instalments-slot">
        <Instalments
          itemId={product.id}
          priceCents={priceCents}
          productType={product.productType}
          subscribable={product.isSubscribable}
          page={page}
        />
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="add-error">
          {error}
        </p>
      )}
      {soldOut && (
        <p className="product-sold-out" data-testid="sold-out" role="status">
          {soldOutText}
        </p>
      )}
      <AddToCartButton
        product={product}
        imageUrl={product.assetUrl}
        soldOut={soldOut}
        productPage="pdp"
        prepare={prepare}
        onNeedsForm={() => setFormOpen(true)}
        handle={handle}
      />
      {formOpen && form && (
        <ProductFormDialog
          title={String((page.form as { name?: string }).name ?? 'Details')}
          fields={form.fields}
          onClose={() => setFormOpen(false)}
          onSubmit={(values) => {
            setFormOpen(false);
            if (pending.current) handle.current?.add({ ...pending.current, additionalFields: values });
          }}
        />
      )}
    </>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function mount(element: HTMLElement): void {
  const page = pageData();
  const data = page.products[element.dataset.itemId ?? ''];
  if (!data) return;
  // The restock placeholder is its own island (forms issue); keep its node outside React's root.
  const restock = element.querySelector<HTMLElement>('[data-island="restock"]');
  // Gallery clicks load their code on first use; the zoom link must not navigate meanwhile.
  const gallery = document.querySelector<HTMLElement>('[data-product-gallery]');
  gallery?.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('[data-product-zoom]')) e.preventDefault();
    void import('./gallery').then((m) => m.onGalleryClick(gallery, e));
  });
  mountInto(
    element,
    <ProductDetail product={data} page={page} restock={restock} />,
    restock ? [restock] : [],
  );
}
