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

/** Variant selectors with the same classes as the `variants-select` formatter (no layout shift). */
export function VariantOptions(props: {
  product: Product;
  options: string[];
  chosen: Record<string, string>;
  selectText: string;
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
                    {values.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            ) : (
              <fieldset className="variant-radio-fieldset">
                <legend className="variant-option-title">{option}: </legend>
                <div className="variant-radiobtn-wrapper" data-variant-option-name={option}>
                  {values.map((v) => (
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
                        className="sqs-button-element--secondary"
                        htmlFor={`variant-option-${option}-${v}`}
                      >
                        {v}
                      </label>
                    </span>
                  ))}
                </div>
              </fieldset>
            )}
          </div>
        );
      })}
    </div>
  );
}
