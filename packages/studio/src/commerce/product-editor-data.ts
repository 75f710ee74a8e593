import { useEffect, useState } from 'react';
import type { MediaAsset } from '../api';
import { type ProductDraft, blankDraft, draftFromDetail } from './product-draft';
import {
  type Category,
  type ProductDetail,
  type ProductTypeCode,
  type Store,
  failureMessage,
  productsApi,
} from './products-api';

/** What the product editor needs besides the product: stores, the library, forms, currency. */
export interface EditorContext {
  websiteId: string;
  currency: string;
  stores: Store[];
  media: MediaAsset[];
  /** null when the forms could not be listed (the picker then shows only "None"). */
  forms: { id: string; name: string }[] | null;
}

/**
 * Load the editor's context and the product (or a blank draft of `type` for a new one) in
 * parallel. `addCategory` keeps a category created inline in the store's list.
 */
export function useProductEditorData(id: string | null, type: ProductTypeCode, storeId: string | null) {
  const [context, setContext] = useState<EditorContext | null>(null);
  const [detail, setDetail] = useState<ProductDetail | null>(null);
  const [draft, setDraft] = useState<ProductDraft | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    (async () => {
      const [session, stores, currency, media, forms, product] = await Promise.all([
        productsApi.session(),
        productsApi.stores(),
        productsApi.currency(),
        productsApi.media().then(
          (r) => r.media,
          () => [] as MediaAsset[],
        ),
        productsApi.forms().catch(() => null),
        id ? productsApi.product(id) : Promise.resolve(null),
      ]);
      if (!live) return;
      const store = stores.stores.find((s) => s.id === storeId) ?? stores.stores[0];
      setContext({ websiteId: session.website.id, currency, stores: stores.stores, media, forms });
      setDetail(product);
      if (product) setDraft(draftFromDetail(product, currency));
      else if (store) setDraft(blankDraft(type, store.id));
      else setError('Create a store first.');
    })().catch((failure) => live && setError(failureMessage(failure)));
    return () => {
      live = false;
    };
  }, [id, type, storeId]);

  const addCategory = (category: Category) =>
    setContext(
      (c) =>
        c && {
          ...c,
          stores: c.stores.map((s) =>
            s.id === category.collectionId ? { ...s, categories: [...s.categories, category] } : s,
          ),
        },
    );

  return { context, detail, setDetail, draft, setDraft, error, addCategory };
}
