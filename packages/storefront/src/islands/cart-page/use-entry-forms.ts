import { useEffect, useState } from 'react';
import type { CartEntryView } from '@store/api/client';
import { pageJson } from '../../page-json';
import type { FormField } from '../../components/fields-form';

/** Form definitions by product, fetched once per visit (the cart and its edit lightbox share them). */
const cache = new Map<string, Promise<FormField[] | null>>();

export function loadEntryForm(entry: CartEntryView): Promise<FormField[] | null> {
  let pending = cache.get(entry.itemId);
  if (!pending) {
    // The product page's context names the form (page data, not an API route).
    pending = pageJson(entry.fullUrl)
      .then((ctx) => (ctx.form as { fields?: FormField[] } | undefined)?.fields ?? null)
      .catch(() => {
        cache.delete(entry.itemId);
        return null;
      });
    cache.set(entry.itemId, pending);
  }
  return pending;
}

/**
 * The additional-fields form of each cart product that has answers, so the cart labels the
 * answers by field title (spec §3 product summary form field display).
 */
export function useEntryForms(entries: CartEntryView[]): Record<string, FormField[]> {
  const [forms, setForms] = useState<Record<string, FormField[]>>({});
  const wanted = entries.filter((e) => e.additionalFields && e.fullUrl && !forms[e.itemId]);
  const key = wanted.map((e) => e.itemId).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the products still missing a form
  useEffect(() => {
    let live = true;
    for (const entry of wanted) {
      void loadEntryForm(entry).then((fields) => {
        if (live && fields) setForms((f) => ({ ...f, [entry.itemId]: fields }));
      });
    }
    return () => {
      live = false;
    };
  }, [key]);
  return forms;
}
