import { CATEGORY_LENGTH_MAX } from '@store/commerce';
import { useState } from 'react';
import { type Category, type Store, failureMessage, fieldErrors, productsApi } from './products-api';

/** Nesting depth of a category (root's children are 0), for indenting the list. */
function depthOf(category: Category, all: Category[], rootId: string): number {
  let depth = 0;
  let parent = category.parentCategoryId;
  const seen = new Set<string>();
  while (parent && parent !== rootId && !seen.has(parent)) {
    seen.add(parent);
    depth++;
    parent = all.find((c) => c.id === parent)?.parentCategoryId ?? null;
  }
  return depth;
}

/** Parents before children, each level in display order. */
function ordered(all: Category[], rootId: string): Category[] {
  const children = (parent: string | null) =>
    all
      .filter((c) => c.id !== rootId && (c.parentCategoryId ?? rootId) === (parent ?? rootId))
      .sort((a, b) => a.displayIndex - b.displayIndex || a.displayName.localeCompare(b.displayName));
  const walk = (parent: string | null): Category[] => children(parent).flatMap((c) => [c, ...walk(c.id)]);
  const listed = walk(null);
  // A category whose parent is missing still shows, at the end.
  return [...listed, ...all.filter((c) => c.id !== rootId && !listed.includes(c))];
}

/**
 * The store's categories as checkboxes (the root "all items" category holds every product
 * and is not listed), and a field to add one on the spot through the spec §7 categories call.
 */
export function ProductCategories({
  store,
  websiteId,
  checked,
  error,
  onChange,
  onCreated,
}: {
  store: Store;
  websiteId: string;
  checked: string[];
  error?: string;
  onChange(ids: string[]): void;
  onCreated(category: Category): void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const list = ordered(store.categories, store.rootCategoryId);
  async function create() {
    if (!name.trim()) return setProblem('Please enter a category name.');
    setBusy(true);
    try {
      const category = await productsApi.createCategory(websiteId, store.id, name.trim());
      onCreated(category);
      onChange([...checked, category.id]);
      setName('');
      setProblem('');
    } catch (failure) {
      setProblem(fieldErrors(failure).displayName ?? failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <fieldset>
      <legend>Categories</legend>
      {list.length === 0 && <p className="muted">No categories yet.</p>}
      <div className="product-categories">
        {list.map((c) => (
          <label
            key={c.id}
            className="check product-categories__item"
            style={{ paddingLeft: `${depthOf(c, store.categories, store.rootCategoryId) * 18}px` }}
          >
            <input
              type="checkbox"
              checked={checked.includes(c.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...checked, c.id] : checked.filter((id) => id !== c.id))
              }
            />
            {c.displayName}
          </label>
        ))}
      </div>
      {error && <p className="field-error">{error}</p>}
      <div className="product-row product-row--end">
        <div>
          <label htmlFor="new-category">New category</label>
          <input
            id="new-category"
            value={name}
            maxLength={CATEGORY_LENGTH_MAX}
            aria-invalid={Boolean(problem)}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                create();
              }
            }}
          />
        </div>
        <button type="button" className="btn btn--plain" disabled={busy} onClick={create}>
          Add category
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
