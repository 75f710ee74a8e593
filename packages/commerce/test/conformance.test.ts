import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasVariantSelection } from '../src/product/has-variant-selection';
import { isOnSale } from '../src/product/is-on-sale';
import { isSoldOut } from '../src/product/is-sold-out';
import { productFromItem } from '../src/product/product-from-item';
import { showQuantityInput } from '../src/product/show-quantity-input';
import { subscriptionPriceText } from '../src/subscriptions/subscription-price-text';

// The shared conformance corpus (read-only data, never copied into the repo) also exercises the
// store rules through template predicates and formatters. We read it at run time and check our
// rules agree. It lives outside the repository, so a checkout without it skips this suite.
const DIR = new URL('../../../../shared/conformance/specs/plugins/resources/', import.meta.url);
const available = existsSync(DIR);

/** A spec file's sections by name; a section the file lacks reads as empty text. */
function sections(file: string): { JSON: string; TEMPLATE: string; OUTPUT: string } {
  const result: Record<string, string> = {};
  let name: string | undefined;
  for (const line of readFileSync(new URL(file, DIR), 'utf8').split('\n')) {
    const header = /^:([A-Za-z0-9_-]+)\s*$/.exec(line);
    if (header) {
      name = header[1];
      continue;
    }
    if (name) result[name] = `${result[name] ?? ''}${line}\n`;
  }
  return { JSON: result.JSON ?? '', TEMPLATE: result.TEMPLATE ?? '', OUTPUT: result.OUTPUT ?? '' };
}

const files = (pattern: RegExp) => (available ? readdirSync(DIR).filter((f) => pattern.test(f)) : []);

const PREDICATES: Record<string, (item: unknown) => boolean> = {
  'on-sale?': (item) => isOnSale(productFromItem(item)),
  'sold-out?': (item) => isSoldOut(productFromItem(item)),
  'has-variants?': (item) => hasVariantSelection(productFromItem(item)),
};

describe.skipIf(!available)('conformance corpus: commerce rules', () => {
  const predicateFiles = files(/^p-(on-sale|sold-out|has-variants)/);
  it.each(predicateFiles)('%s', (file) => {
    const spec = sections(file);
    const data = JSON.parse(spec.JSON);
    const templateLines = spec.TEMPLATE.trim().split('\n');
    const outputLines = spec.OUTPUT.trim().split('\n');
    let checked = 0;
    templateLines.forEach((line, index) => {
      const match = /\{\.section items\.(\d+)\}\{\.([\w-]+\?)\}(.*?)(?:\{\.or\}(.*?))?\{\.end\}/.exec(line);
      const [, itemIndex, predicateName = '', whenTrue = ''] = match ?? [];
      const predicate = PREDICATES[predicateName];
      if (!predicate) return;
      const expected = outputLines[index] === whenTrue && whenTrue !== '';
      expect(predicate(data.items[Number(itemIndex)]), line).toBe(expected);
      checked++;
    });
    expect(checked).toBeGreaterThan(0);
  });

  const quantityFiles = files(/^f-quantity-input-\d+\.html$/);
  it.each(quantityFiles)('%s', (file) => {
    const spec = sections(file);
    const data = JSON.parse(spec.JSON);
    const settings = data.websiteSettings?.storeSettings ?? {};
    const visible = spec.OUTPUT.trim() !== '';
    expect(showQuantityInput(productFromItem(data.item), settings)).toBe(visible);
  });

  const subscriptionFiles = files(/^f-product-price-.*subscription/).filter(
    (file) => !sections(file).JSON.includes('localizedStrings'),
  );
  it('checks a meaningful number of subscription specs', () => {
    expect(subscriptionFiles.length).toBeGreaterThanOrEqual(10);
  });
  it.each(subscriptionFiles)('%s', (file) => {
    const spec = sections(file);
    const data = JSON.parse(spec.JSON);
    const wording = /<\/span> (every [a-z0-9 ]+?)\s*(?:<|$)/m.exec(spec.OUTPUT);
    expect(wording).not.toBeNull();
    expect(subscriptionPriceText('', data.structuredContent.subscriptionPlan).trim()).toBe(wording?.[1]);
  });
});
