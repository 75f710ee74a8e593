/** An option of a product and the values the owner gave it, e.g. { name: 'Size', values: ['S', 'M'] }. */
export interface GridOption {
  name: string;
  values: string[];
}

type Attributes = Record<string, string>;

/**
 * Every combination of the options' values, first option outermost (S/Red, S/Blue, M/Red, …).
 * No options gives one empty combination: a product without options has one variant.
 */
export function optionCombinations(options: readonly GridOption[]): Attributes[] {
  return options.reduce<Attributes[]>(
    (combos, option) =>
      combos.flatMap((combo) => unique(option.values).map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}

/**
 * The variant grid for these options: one variant per combination. A combination an existing
 * variant already has keeps that variant (its id, SKU, price and stock), so carts and restock
 * signups keep pointing at it. A new combination is made by `blank`; when an existing variant
 * agrees on every option it has a value for (an option was just added), it is passed as
 * `like` so prices can be carried over, and the first such combination keeps the variant itself.
 *
 * @example
 * variantGrid([{ name: 'Size', values: ['S', 'M'] }], [{ sku: 'A', attributes: { Size: 'S' } }], (a) => ({ sku: '', attributes: a }));
 * // [{ sku: 'A', attributes: { Size: 'S' } }, { sku: '', attributes: { Size: 'M' } }]
 */
export function variantGrid<V extends { attributes: Attributes }>(
  options: readonly GridOption[],
  existing: readonly V[],
  blank: (attributes: Attributes, like?: V) => V,
): V[] {
  const names = options.map((o) => o.name);
  const used = new Set<V>();
  const combos = optionCombinations(options);
  const exact = new Map<string, V>();
  for (const variant of existing) {
    if (!names.every((name) => variant.attributes[name] !== undefined)) continue;
    const key = comboKey(names, variant.attributes);
    if (!exact.has(key)) exact.set(key, variant);
  }
  return combos.map((combo) => {
    const same = exact.get(comboKey(names, combo));
    if (same && !used.has(same)) {
      used.add(same);
      return { ...same, attributes: combo };
    }
    const like = existing.find(
      (v) => !exact.has(comboKey(names, v.attributes)) && agrees(names, v.attributes, combo),
    );
    if (like && !used.has(like)) {
      used.add(like);
      return { ...like, attributes: combo };
    }
    return blank(combo, like);
  });
}

/** The variant's values agree with the combination on every option the variant has. */
function agrees(names: string[], attributes: Attributes, combo: Attributes): boolean {
  return names.every((name) => attributes[name] === undefined || attributes[name] === combo[name]);
}

function comboKey(names: string[], attributes: Attributes): string {
  return JSON.stringify(names.map((name) => attributes[name] ?? null));
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}
