import { ProductType, fillMessage, CATALOG_MESSAGES, tracksStock } from '@store/commerce';
import type { MediaAsset } from '../api';
import type { VariantDraft } from './product-draft';
import { optionsLabel } from './products-api';

/** The error of one cell, if any (API paths such as `variants.2.priceCents`). */
function CellError({ errors, path }: { errors: Record<string, string>; path: string }) {
  const message = errors[path];
  return message ? <span className="field-error product-cell-error">{message}</span> : null;
}

/**
 * The row a refused save names: a field path with the row index, or (409) a "SKU taken"
 * message that names the SKU rather than the row.
 */
export function rowError(errors: Record<string, string>, index: number, sku: string): string | undefined {
  const own = Object.entries(errors).find(
    ([path]) => path === `variants.${index}` || path.startsWith(`variants.${index}.attributes`),
  );
  if (own) return own[1];
  const taken = errors.variants;
  return taken && sku && taken === fillMessage(CATALOG_MESSAGES.skuTaken, { sku }) ? taken : undefined;
}

/**
 * One row per variant: SKU, price, sale price and the on-sale switch, stock or unlimited
 * (tracked types only), weight (physical only) and the image shown when it is chosen.
 */
export function VariantTable({
  variants,
  productType,
  currency,
  title,
  media,
  errors,
  onChange,
}: {
  variants: VariantDraft[];
  productType: number;
  currency: string;
  title: string;
  media: MediaAsset[];
  errors: Record<string, string>;
  onChange(index: number, patch: Partial<VariantDraft>): void;
}) {
  const stock = tracksStock(productType);
  const weight = productType === ProductType.PHYSICAL;
  // Spec §4: gift cards are never on sale.
  const sale = productType !== ProductType.GIFT_CARD;
  const name = (v: VariantDraft) => optionsLabel(v.attributes) || title || 'the product';
  return (
    <div className="variant-table__wrap">
      <table className="data-table variant-table">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col">Price ({currency})</th>
            {sale && <th scope="col">Sale price</th>}
            {stock && <th scope="col">Stock</th>}
            {weight && <th scope="col">Weight (g)</th>}
            <th scope="col">Image</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const at = `variants.${i}`;
            const problem = rowError(errors, i, v.sku.trim());
            return (
              <tr
                key={v.key}
                className={`variant-table__row${problem || errors[`${at}.sku`] ? ' variant-table__row--error' : ''}`}
              >
                <th scope="row" className="variant-table__name">
                  {optionsLabel(v.attributes) || 'Default'}
                  {problem && (
                    <span className="field-error product-cell-error" role="alert">
                      {problem}
                    </span>
                  )}
                </th>
                <td>
                  <input
                    className="cell-input cell-input--wide"
                    aria-label={`SKU of ${name(v)}`}
                    value={v.sku}
                    placeholder="Automatic"
                    aria-invalid={Boolean(errors[`${at}.sku`] || problem)}
                    onChange={(e) => onChange(i, { sku: e.target.value })}
                  />
                  <CellError errors={errors} path={`${at}.sku`} />
                </td>
                <td>
                  <input
                    className="cell-input"
                    aria-label={`Price of ${name(v)}`}
                    inputMode="decimal"
                    value={v.price}
                    placeholder="0.00"
                    aria-invalid={Boolean(errors[`${at}.priceCents`])}
                    onChange={(e) => onChange(i, { price: e.target.value })}
                  />
                  <CellError errors={errors} path={`${at}.priceCents`} />
                </td>
                {sale && (
                  <td>
                    <div className="variant-table__pair">
                      <input
                        className="cell-input"
                        aria-label={`Sale price of ${name(v)}`}
                        inputMode="decimal"
                        value={v.salePrice}
                        placeholder="0.00"
                        aria-invalid={Boolean(errors[`${at}.salePriceCents`])}
                        onChange={(e) => onChange(i, { salePrice: e.target.value })}
                      />
                      <label className="check variant-table__check">
                        <input
                          type="checkbox"
                          checked={v.onSale}
                          onChange={(e) => onChange(i, { onSale: e.target.checked })}
                        />
                        <span>
                          On sale<span className="visually-hidden"> ({name(v)})</span>
                        </span>
                      </label>
                    </div>
                    <CellError errors={errors} path={`${at}.salePriceCents`} />
                  </td>
                )}
                {stock && (
                  <td>
                    <div className="variant-table__pair">
                      <input
                        className="cell-input"
                        aria-label={`Stock of ${name(v)}`}
                        type="number"
                        min={0}
                        step={1}
                        value={v.unlimited ? '' : v.qty}
                        disabled={v.unlimited}
                        aria-invalid={Boolean(errors[`${at}.qtyInStock`])}
                        onChange={(e) => onChange(i, { qty: e.target.value })}
                      />
                      <label className="check variant-table__check">
                        <input
                          type="checkbox"
                          checked={v.unlimited}
                          onChange={(e) => onChange(i, { unlimited: e.target.checked })}
                        />
                        <span>
                          Unlimited<span className="visually-hidden"> ({name(v)})</span>
                        </span>
                      </label>
                    </div>
                    <CellError errors={errors} path={`${at}.qtyInStock`} />
                  </td>
                )}
                {weight && (
                  <td>
                    <input
                      className="cell-input"
                      aria-label={`Weight in grams of ${name(v)}`}
                      type="number"
                      min={0}
                      step={1}
                      value={v.weight}
                      aria-invalid={Boolean(errors[`${at}.weightGrams`])}
                      onChange={(e) => onChange(i, { weight: e.target.value })}
                    />
                    <CellError errors={errors} path={`${at}.weightGrams`} />
                  </td>
                )}
                <td>
                  <div className="variant-table__image">
                    {v.imageUrl && <img className="variant-thumb" src={`${v.imageUrl}?format=100w`} alt="" />}
                    <select
                      className="cell-input cell-input--wide"
                      aria-label={`Image of ${name(v)}`}
                      value={v.imageUrl ?? ''}
                      onChange={(e) => onChange(i, { imageUrl: e.target.value || null })}
                    >
                      <option value="">None</option>
                      {v.imageUrl && !media.some((m) => m.assetUrl === v.imageUrl) && (
                        <option value={v.imageUrl}>Current image</option>
                      )}
                      {media.map((m) => (
                        <option key={m.id} value={m.assetUrl}>
                          {m.filename}
                        </option>
                      ))}
                    </select>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
