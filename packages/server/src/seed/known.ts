/**
 * Read a table the seed built itself by keys it knows (`collection('shop')`): a missing key
 * is a mistake in the seed data, so it stops the seed with the key's name.
 */
export function known<T>(table: Readonly<Record<string, T>>, what: string): (key: string) => T {
  return (key) => {
    const value = table[key];
    if (value === undefined) throw new Error(`seed: no ${what} "${key}"`);
    return value;
  };
}
