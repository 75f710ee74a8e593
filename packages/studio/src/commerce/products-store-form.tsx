import { storeCreateBody } from '@store/api';
import { CATALOG_MESSAGES, fillMessage, isReservedSlug } from '@store/commerce';
import { useApiMutation } from '../data/api-query';
import { draftSchema, useApiForm } from '../data/use-api-form';

type Draft = { title: string; urlId: string; description: string; addToNavigation: boolean };

/** The typed form → the store-creation body (checked again by the API's schema before sending). */
const schema = draftSchema((d: Draft) => {
  const title = d.title.trim();
  const urlId = d.urlId.trim();
  const errors: Record<string, string> = {};
  if (!title) errors.title = 'Please enter a title';
  // The site's own paths (/cart, /checkout …): the server refuses them with the same words.
  if (urlId && isReservedSlug(urlId)) errors.urlId = fillMessage(CATALOG_MESSAGES.urlIdTaken, { urlId });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      title,
      navigationTitle: title,
      urlId: urlId || undefined,
      description: d.description,
      enabled: true,
      addToNavigation: d.addToNavigation,
    },
  };
}, storeCreateBody);

/**
 * A site without a store gets this form instead of a product list: spec §4 store creation
 * (the products collection, enabled; its root "all items" category; optionally a link in
 * the main navigation) through the spec §7 content-service call.
 */
export function StoreForm({ websiteId, onCreated }: { websiteId: string; onCreated(): void }) {
  const form = useApiForm(schema, { title: 'Shop', urlId: '', description: '', addToNavigation: true });
  const create = useApiMutation('POST /api/content-service/product/1.1/websites/:websiteId/products', {
    invalidates: ['GET /api/studio/stores', 'GET /api/studio/products'],
  });
  const titleError = form.errorOf('title');
  const urlError = form.errorOf('urlId');

  return (
    <form
      className="product-card store-form"
      noValidate
      onSubmit={form.submitWith(async (body) => {
        await create.mutateAsync({ params: { websiteId }, body: body as never });
        onCreated();
      })}
    >
      <h1>Create a store</h1>
      <p className="muted">
        A store is a page of products. Once it exists you can add products, prices and stock here.
      </p>
      {form.formMessage && (
        <p className="alert" role="alert">
          {form.formMessage}
        </p>
      )}
      <label htmlFor="store-title">Title</label>
      <input id="store-title" aria-invalid={Boolean(titleError)} {...form.register('title')} />
      {titleError && <p className="field-error">{titleError}</p>}
      <label htmlFor="store-url">URL</label>
      <div className="product-url">
        <span className="muted product-url__prefix">/</span>
        <input
          id="store-url"
          placeholder="made from the title"
          aria-invalid={Boolean(urlError)}
          {...form.register('urlId')}
        />
      </div>
      {urlError && <p className="field-error">{urlError}</p>}
      <label htmlFor="store-description">Description</label>
      <textarea id="store-description" rows={3} {...form.register('description')} />
      <label className="check">
        <input type="checkbox" {...form.register('addToNavigation')} />
        Add to the main navigation
      </label>
      <button
        type="submit"
        className="btn btn--primary store-form__submit"
        disabled={form.formState.isSubmitting}
      >
        Create store
      </button>
    </form>
  );
}
