import type { ApiOutput } from '@store/api/client';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { crumb, NETWORK_ERROR } from '../api';
import { invalidateRoutes } from '../data/api-query';

type ImportResult = ApiOutput<'POST /api/studio/catalog/import'>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Rows 4–5" or "Row 4": where a problem is in the owner's spreadsheet. */
function rowsText(rows: number[]): string {
  if (rows.length === 0) return 'The file';
  const first = rows[0];
  const last = rows[rows.length - 1];
  return rows.length === 1 ? `Row ${first}` : `Rows ${first}–${last}`;
}

/**
 * The catalogue in and out as a spreadsheet: a CSV of every product (one row per variant) to
 * download, and an import that creates or updates products from such a file and lists what it
 * could not take, row by row.
 */
export function CatalogTransfer() {
  const inputId = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState('');

  const importFile = async (file: File) => {
    setBusy(true);
    setError('');
    setResult(null);
    try {
      const res = await fetch('/api/studio/catalog/import?format=csv', {
        method: 'POST',
        headers: { 'content-type': 'text/csv', 'x-csrf-token': crumb() },
        body: await file.text(),
      });
      const body = await res.json();
      if (!res.ok) setError(body?.error?.message ?? 'The file could not be imported.');
      else {
        setResult(body as ImportResult);
        await invalidateRoutes(client, ['GET /api/studio/products', 'GET /api/studio/stores']);
      }
    } catch {
      setError(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="catalog-transfer">
      <a className="btn btn--plain" href="/api/studio/catalog/export?format=csv" download>
        Export CSV
      </a>
      <label className="btn btn--plain" htmlFor={inputId} aria-disabled={busy}>
        {busy ? 'Importing…' : 'Import CSV'}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {error && (
        <p className="catalog-transfer__result error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="catalog-transfer__result" role="status">
          <p>
            {plural(result.created, 'product created', 'products created')},{' '}
            {plural(result.updated, 'updated', 'updated')}
            {result.failed > 0 && `, ${plural(result.failed, 'product', 'products')} not imported`}.
          </p>
          {result.problems.length > 0 && (
            <ul className="catalog-transfer__problems">
              {result.problems.map((p) => (
                <li key={`${p.rows.join(',')}:${p.field ?? ''}:${p.message}`}>
                  <strong>{rowsText(p.rows)}</strong>
                  {p.handle ? ` (${p.handle})` : ''}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
