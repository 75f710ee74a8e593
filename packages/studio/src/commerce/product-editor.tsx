import { ProductType } from '@store/commerce';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { RichText } from '../editor/rich-text';
import { navigate } from '../router';
import { setUnsavedGuard } from '../unsaved-guard';
import { ProductCategories } from './product-categories';
import {
  type ProductDraft,
  type VariantDraft,
  draftFromDetail,
  draftToBody,
  renameOption,
  withOptions,
} from './product-draft';
import { ProductEditorBar } from './product-editor-bar';
import { useProductEditorData } from './product-editor-data';
import { ProductFileField } from './product-file-field';
import { ProductImages } from './product-images';
import { ProductOptions } from './product-options';
import { ProductSettings } from './product-settings';
import {
  type ProductTypeCode,
  failureMessage,
  fieldErrors,
  productPaths,
  productsApi,
  typeLabel,
} from './products-api';
import { VariantTable, rowError } from './variant-table';

/** Said once by the editor that opens a just-created product (the creating one unmounts). */
let createdNote = '';

/**
 * One product: text, images, categories, options and the variant grid, selling settings.
 * Save sends the whole product (prices typed in major units go as minor units); the API's
 * field errors show beside their fields, a taken SKU on its row. Leaving with unsaved
 * changes asks first (unsaved-guard).
 */
export function ProductEditor({
  id,
  type,
  storeId,
}: {
  id: string | null;
  type: ProductTypeCode;
  storeId: string | null;
}) {
  const { context, detail, setDetail, draft, setDraft, error, addCategory } = useProductEditorData(
    id,
    type,
    storeId,
  );
  const [savedJson, setSavedJson] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [note, setNote] = useState(() => createdNote);
  useEffect(() => {
    createdNote = '';
  }, []);
  const [busy, setBusy] = useState(false);

  // The first draft loaded is the saved state the unsaved-changes guard compares with.
  useEffect(() => {
    if (draft && savedJson === null) setSavedJson(JSON.stringify(draft));
  }, [draft, savedJson]);

  const latest = useRef({ draft, savedJson, save: async () => {} });
  latest.current.draft = draft;
  latest.current.savedJson = savedJson;

  async function save() {
    if (!draft || !context) return;
    const result = draftToBody(draft, context.currency);
    if (!result.ok) {
      setErrors(result.errors);
      setAlert('Some fields need attention.');
      throw new Error('invalid');
    }
    setBusy(true);
    try {
      const out = id
        ? await productsApi.saveProduct(id, result.body)
        : await productsApi.createProduct(result.body);
      const next = draftFromDetail(out, context.currency);
      setDetail(out);
      setDraft(next);
      setSavedJson(JSON.stringify(next));
      setErrors({});
      setAlert('');
      setNote('Product saved.');
      if (!id) {
        createdNote = 'Product saved.';
        setUnsavedGuard(null);
        navigate(productPaths.product(out.id), { replace: true });
      }
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setAlert(failureMessage(failure));
      setNote('');
      throw failure;
    } finally {
      setBusy(false);
    }
  }
  latest.current.save = save;

  useEffect(() => {
    setUnsavedGuard({
      dirty: () => {
        const { draft: d, savedJson: s } = latest.current;
        return d !== null && s !== null && JSON.stringify(d) !== s;
      },
      save: () => latest.current.save(),
    });
    return () => setUnsavedGuard(null);
  }, []);

  if (error) return <p className="alert">{error}</p>;
  if (!draft || !context) return <p className="loading">Loading the product…</p>;

  const store = context.stores.find((s) => s.id === draft.collectionId);
  const set = (patch: Partial<ProductDraft>) => {
    setDraft({ ...draft, ...patch });
    setNote('');
  };
  const setVariant = (index: number, patch: Partial<VariantDraft>) =>
    set({ variants: draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) });
  const dirty = savedJson !== null && JSON.stringify(draft) !== savedJson;
  const heading = id
    ? draft.title || detail?.title || 'Product'
    : `New ${typeLabel(draft.productType).toLowerCase()} product`;

  return (
    <form
      className="product-editor"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        save().catch(() => undefined);
      }}
      noValidate
    >
      <ProductEditorBar
        id={id}
        heading={heading}
        productType={draft.productType}
        status={busy ? 'Saving…' : note || (dirty ? 'Unsaved changes' : '')}
        fullUrl={detail?.fullUrl ?? null}
        busy={busy}
        onFailure={setAlert}
      />
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <div className="product-editor__top">
        <section className="product-card" aria-label="Details">
          <label htmlFor="product-title">Title</label>
          <input
            id="product-title"
            value={draft.title}
            aria-invalid={Boolean(errors.title)}
            onChange={(e) => set({ title: e.target.value })}
          />
          {errors.title && <p className="field-error">{errors.title}</p>}
          <label htmlFor="product-url">URL</label>
          <div className="product-url">
            <span className="muted product-url__prefix">{store ? `/${store.urlId}/p/` : '/'}</span>
            <input
              id="product-url"
              value={draft.urlId ?? ''}
              placeholder="made from the title"
              aria-invalid={Boolean(errors.urlId)}
              onChange={(e) => set({ urlId: e.target.value })}
            />
          </div>
          {errors.urlId && <p className="field-error">{errors.urlId}</p>}
          <RichText
            id="product-description"
            label="Description"
            value={draft.description ?? ''}
            onChange={(description) => set({ description })}
          />
          {errors.description && <p className="field-error">{errors.description}</p>}
          {store && (
            <ProductCategories
              store={store}
              websiteId={context.websiteId}
              checked={draft.categoryIds ?? []}
              error={errors.categoryIds}
              onChange={(categoryIds) => set({ categoryIds })}
              onCreated={addCategory}
            />
          )}
          {context.stores.length > 1 && !id && (
            <>
              <label htmlFor="product-store">Store</label>
              <select
                id="product-store"
                value={draft.collectionId}
                onChange={(e) => set({ collectionId: e.target.value, categoryIds: [] })}
              >
                {context.stores.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </>
          )}
        </section>
        <section className="product-card" aria-label="Images">
          <h2 className="product-card__title">Images</h2>
          <ProductImages
            imageIds={draft.imageIds ?? []}
            media={context.media}
            known={detail?.images ?? []}
            error={errors.imageIds}
            onChange={(imageIds) => set({ imageIds })}
          />
        </section>
      </div>
      <section className="product-card" aria-label="Variants">
        <h2 className="product-card__title">
          {draft.productType === ProductType.DIGITAL ? 'Price' : 'Options and variants'}
        </h2>
        {draft.productType !== ProductType.DIGITAL && (
          <ProductOptions
            options={draft.options}
            error={errors.variantOptionOrdering}
            onChange={(options) => setDraft(withOptions(draft, options))}
            onRename={(index, name) => setDraft(renameOption(draft, index, name))}
          />
        )}
        {errors.variants && !draft.variants.some((v, i) => rowError(errors, i, v.sku.trim())) && (
          <p className="field-error">{errors.variants}</p>
        )}
        <VariantTable
          variants={draft.variants}
          productType={draft.productType}
          currency={context.currency}
          title={draft.title}
          media={context.media}
          errors={errors}
          onChange={setVariant}
        />
      </section>
      <div className="product-editor__settings">
        {draft.productType === ProductType.DIGITAL &&
          (id ? (
            <div className="product-file">
              <ProductFileField itemId={id} />
            </div>
          ) : (
            <fieldset className="product-settings__box">
              <legend>Download</legend>
              <p className="muted">Save the product first, then upload the file buyers download.</p>
            </fieldset>
          ))}
        <ProductSettings draft={draft} forms={context.forms} errors={errors} onChange={set} />
      </div>
    </form>
  );
}
