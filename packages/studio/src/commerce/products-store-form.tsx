import { type FormEvent, useState } from 'react';
import { failureMessage, fieldErrors, productsApi } from './products-api';

/**
 * A site without a store gets this form instead of a product list: spec §4 store creation
 * (the products collection, enabled; its root "all items" category; optionally a link in
 * the main navigation) through the spec §7 content-service call.
 */
export function StoreForm({ websiteId, onCreated }: { websiteId: string; onCreated(): void }) {
  const [title, setTitle] = useState('Shop');
  const [urlId, setUrlId] = useState('');
  const [description, setDescription] = useState('');
  const [addToNavigation, setAddToNavigation] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setErrors({ title: 'Please enter a title' });
    setBusy(true);
    try {
      await productsApi.createStore(websiteId, {
        title: title.trim(),
        navigationTitle: title.trim(),
        urlId: urlId.trim() || undefined,
        description,
        enabled: true,
        addToNavigation,
      });
      onCreated();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setAlert(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="product-card store-form" onSubmit={submit} noValidate>
      <h1>Create a store</h1>
      <p className="muted">
        A store is a page of products. Once it exists you can add products, prices and stock here.
      </p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <label htmlFor="store-title">Title</label>
      <input
        id="store-title"
        value={title}
        aria-invalid={Boolean(errors.title)}
        onChange={(e) => setTitle(e.target.value)}
      />
      {errors.title && <p className="field-error">{errors.title}</p>}
      <label htmlFor="store-url">URL</label>
      <div className="product-url">
        <span className="muted product-url__prefix">/</span>
        <input
          id="store-url"
          value={urlId}
          placeholder="made from the title"
          aria-invalid={Boolean(errors.urlId)}
          onChange={(e) => setUrlId(e.target.value)}
        />
      </div>
      {errors.urlId && <p className="field-error">{errors.urlId}</p>}
      <label htmlFor="store-description">Description</label>
      <textarea
        id="store-description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={addToNavigation}
          onChange={(e) => setAddToNavigation(e.target.checked)}
        />
        Add to the main navigation
      </label>
      <button type="submit" className="btn btn--primary store-form__submit" disabled={busy}>
        Create store
      </button>
    </form>
  );
}
