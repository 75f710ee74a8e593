import { useState } from 'react';

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const signed = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The bulk bar over the selected rows: set their stock to a number, or add (a negative number
 * removes) units. Resolves true when the change was saved, and then clears its fields.
 */
export function InventoryBulk({
  count,
  onApply,
  onInvalid,
}: {
  count: number;
  onApply(change: { qtyInStock: number } | { adjustBy: number }): Promise<boolean>;
  onInvalid(message: string): void;
}) {
  const [set, setSet] = useState('');
  const [add, setAdd] = useState('');
  async function run(kind: 'set' | 'add') {
    const n = kind === 'set' ? whole(set) : signed(add);
    if (n === null)
      return onInvalid(kind === 'set' ? 'Enter a whole number of 0 or more.' : 'Enter a whole number.');
    if (await onApply(kind === 'set' ? { qtyInStock: n } : { adjustBy: n })) {
      setSet('');
      setAdd('');
    }
  }
  return (
    <fieldset className="inventory-bulk">
      <legend className="visually-hidden">Bulk stock edit</legend>
      <span className="inventory-bulk__count">{count} selected</span>
      <div>
        <label className="compact-label" htmlFor="bulk-set">
          Set stock to
        </label>
        <input
          id="bulk-set"
          className="cell-input"
          type="number"
          min={0}
          value={set}
          onChange={(e) => setSet(e.target.value)}
        />
      </div>
      <button type="button" className="btn btn--primary" onClick={() => run('set')}>
        Set stock
      </button>
      <div>
        <label className="compact-label" htmlFor="bulk-add">
          Add (or remove) units
        </label>
        <input
          id="bulk-add"
          className="cell-input"
          type="number"
          value={add}
          onChange={(e) => setAdd(e.target.value)}
        />
      </div>
      <button type="button" className="btn btn--primary" onClick={() => run('add')}>
        Add stock
      </button>
    </fieldset>
  );
}
