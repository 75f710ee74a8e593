import { type RefObject, useEffect } from 'react';

/**
 * Label each cell of a studio table with its column's header (`data-label`), so that at
 * phone width (studio.css) a row reads as a card of "Header: value" lines instead of a table
 * that scrolls sideways. Tables drawn by the list kit (`.lk-table`) label their own cells and
 * are left alone; a table marked `data-keep-table` stays a table.
 */
export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>(
    'table:not(.lk-table):not([data-keep-table])',
  )) {
    const headerRow = table.tHead?.rows[0];
    if (!headerRow) continue;
    const headers: string[] = [];
    for (const cell of headerRow.cells) {
      const text = (cell.textContent ?? '').trim();
      for (let span = 0; span < cell.colSpan; span++) headers.push(text);
    }
    table.classList.add('card-table');
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          const label = headers[column] ?? '';
          if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          column += cell.colSpan;
        }
      }
    }
  }
}

/** Keep the tables under `ref` labelled as screens draw and redraw them. */
export function useCardTables(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let queued = 0;
    const label = () => {
      queued = 0;
      labelTableCells(root);
    };
    label();
    const observer = new MutationObserver(() => {
      if (!queued) queued = requestAnimationFrame(label);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      if (queued) cancelAnimationFrame(queued);
    };
  }, [ref]);
}
