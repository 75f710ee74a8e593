import { confirmModal } from '../components/dialogs';
import { navigate } from '../router';
import { leaveTo, setUnsavedGuard } from '../unsaved-guard';
import { failureMessage, productPaths, productsApi, typeLabel } from './products-api';

/**
 * The editor's top bar: back to the list (asking about unsaved changes), the product's
 * name and type, the save state, View on the site, Delete (confirmed) and Save (the form's
 * submit button).
 */
export function ProductEditorBar({
  id,
  heading,
  productType,
  status,
  fullUrl,
  busy,
  onFailure,
}: {
  id: string | null;
  heading: string;
  productType: number;
  status: string;
  fullUrl: string | null;
  busy: boolean;
  onFailure(message: string): void;
}) {
  async function remove() {
    if (!id) return;
    const ok = await confirmModal({
      title: `Delete ${heading}?`,
      message: 'The product and its variants leave the shop and every cart. This cannot be undone.',
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await productsApi.deleteProduct(id);
      setUnsavedGuard(null);
      navigate(productPaths.list);
    } catch (failure) {
      onFailure(failureMessage(failure));
    }
  }
  return (
    <div className="product-editor__bar">
      <a
        href={productPaths.list}
        className="btn btn--plain"
        onClick={(e) => {
          e.preventDefault();
          leaveTo(productPaths.list);
        }}
      >
        ← Products
      </a>
      <h1 className="product-editor__title">{heading}</h1>
      <span className="badge">{typeLabel(productType)}</span>
      <span role="status" className="note product-editor__status">
        {status}
      </span>
      {fullUrl && (
        <a className="btn btn--plain" href={fullUrl} target="_blank" rel="noreferrer">
          View
        </a>
      )}
      {id && (
        <button type="button" className="btn btn--plain" onClick={remove}>
          Delete
        </button>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Save
      </button>
    </div>
  );
}
