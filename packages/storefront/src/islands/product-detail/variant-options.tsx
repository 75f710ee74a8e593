import type { Product } from '@store/commerce';

/** Radio buttons for colour-like options, a dropdown for the rest (both per spec §2). */
export function displayFor(option: string): 'radio' | 'select' {
  return /colou?r|glaze/i.test(option) ? 'radio' : 'select';
}

function valuesOf(product: Product, option: string): string[] {
  const values: string[] = [];
  for (const v of product.variants) {
    const value = v.attributes[option];
    if (value !== undefined && !values.includes(value)) values.push(value);
  }
  return values;
}

/**
 * True when no variant with `value` for `option`, matching the other chosen options, can be
 * bought (physical and service products only: digital goods and gift cards never sell out).
 */
export function isUnavailable(
  product: Product,
  chosen: Record<string, string>,
  option: string,
  value: string,
): boolean {
  if (product.productType !== 1 && product.productType !== 3) return false;
  return !product.variants.some(
    (v) =>
      v.attributes[option] === value &&
      Object.entries(chosen).every(([name, picked]) => name === option || v.attributes[name] === picked) &&
      (v.unlimited || v.qtyInStock > 0),
  );
}

/** Variant selectors with the same classes as the `variants-select` formatter (no layout shift). */
export function VariantOptions(props: {
  product: Product;
  options: string[];
  chosen: Record<string, string>;
  selectText: string;
  /** "Sold out", appended to values no in-stock variant has. */
  soldOutText: string;
  onChange: (option: string, value: string) => void;
}) {
  return (
    <div className="product-variants" data-item-id={props.product.id}>
      {props.options.map((option) => {
        const display = displayFor(option);
        const values = valuesOf(props.product, option);
        const label = props.selectText.replace('{variantName}', option);
        return (
          <div className="variant-option" data-display={display} key={option}>
            {display === 'select' ? (
              <>
                <label className="variant-option-title" htmlFor={`variant-${option}`}>
                  {option}:{' '}
                </label>
                <div className="variant-select-wrapper">
                  <select
                    id={`variant-${option}`}
                    data-variant-option-name={option}
                    value={props.chosen[option] ?? ''}
                    onChange={(e) => props.onChange(option, e.target.value)}
                  >
                    <option value="">{label}</option>
                    {values.map((v) => {
                      const off = isUnavailable(props.product, props.chosen, option, v);
                      return (
                        <option key={v} value={v} data-unavailable={off || undefined}>
                          {off ? `${v} — ${props.soldOutText}` : v}
                        </option>
                      );
                    })}
                  </select>
                </div>
              </>
            ) : (
              <fieldset className="variant-radio-fieldset">
                <legend className="variant-option-title">{option}: </legend>
                <div className="variant-radiobtn-wrapper" data-variant-option-name={option}>
                  {values.map((v) => {
                    const off = isUnavailable(props.product, props.chosen, option, v);
                    return (
                      <span key={v}>
                        <input
                          type="radio"
                          className="variant-radiobtn"
                          value={v}
                          name={`variant-option-${option}`}
                          id={`variant-option-${option}-${v}`}
                          checked={props.chosen[option] === v}
                          onChange={() => props.onChange(option, v)}
                        />
                        <label
                          className={`sqs-button-element--secondary${off ? ' is-unavailable' : ''}`}
                          htmlFor={`variant-option-${option}-${v}`}
                          title={off ? props.soldOutText : undefined}
                        >
                          {v}
                          {off && <span className="visually-hidden"> ({props.soldOutText})</span>}
                        </label>
                      </span>
                    );
                  })}
                </div>
              </fieldset>
            )}
          </div>
        );
      })}
    </div>
  );
}
