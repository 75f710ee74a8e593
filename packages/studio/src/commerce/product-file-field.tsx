import type { ApiOutput } from '@store/api/client';
import { API_MESSAGES } from '@store/api/client';
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, call, crumb, NETWORK_ERROR } from '../api';

type ProductFile = ApiOutput<'PUT /api/studio/products/:itemId/file'>;

/** Largest file the server takes (it answers 413 past it); checked first to save the upload. */
const MAX_BYTES = 200 * 1000 * 1000;

function size(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${bytes} B`;
}

function message(e: unknown, fallback: string): string {
  return e instanceof ApiFailure ? e.message || fallback : fallback;
}

/** Send the file with progress (fetch cannot report upload progress; XHR can). */
function upload(itemId: string, file: File, onProgress: (fraction: number) => void): Promise<ProductFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/studio/products/${encodeURIComponent(itemId)}/file`);
    xhr.setRequestHeader('x-csrf-token', crumb());
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiFailure(0, 'NETWORK', NETWORK_ERROR, false, true));
    xhr.onload = () => {
      let data: { error?: { code?: string; message?: string } } | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status === 200) return resolve(data as ProductFile);
      reject(
        new ApiFailure(
          xhr.status,
          data?.error?.code ?? `HTTP_${xhr.status}`,
          data?.error?.message ?? API_MESSAGES.uploadFailed,
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * The file a digital product delivers (for the product editor): upload or replace it, see
 * its name and size, set how many downloads a purchase allows and how long its link lives,
 * or remove it. Buyers get a signed, expiring, counted link on the confirmation page and in
 * their receipt.
 */
export function ProductFileField({ itemId }: { itemId: string }) {
  const [file, setFile] = useState<ProductFile | null | undefined>(undefined);
  const [limit, setLimit] = useState('5');
  const [days, setDays] = useState('7');
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  // State setters never change, so neither does this.
  const show = useCallback((next: ProductFile | null) => {
    setFile(next);
    if (next) {
      setLimit(String(next.downloadLimit));
      setDays(String(next.linkDays));
    }
  }, []);
  useEffect(() => {
    call('GET /api/studio/products/:itemId/file', { params: { itemId } })
      .then((res) => show(res.file))
      .catch((e) => {
        setFile(null);
        setError(message(e, 'Unable to load the product’s file.'));
      });
  }, [itemId, show]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setSaved(false);
    if (chosen.size > MAX_BYTES) return setError('The file is larger than 200 MB.');
    setBusy(true);
    setProgress(0);
    try {
      show(await upload(itemId, chosen, setProgress));
    } catch (e) {
      setError(message(e, API_MESSAGES.uploadFailed));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  const saveSettings = async () => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      show(
        await call('PATCH /api/studio/products/:itemId/file', {
          params: { itemId },
          body: { downloadLimit: Number(limit), linkDays: Number(days) },
        }),
      );
      setSaved(true);
    } catch (e) {
      setError(message(e, 'Unable to save the download settings.'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm('Remove this file? Download links already sent stop working.')) return;
    setBusy(true);
    setError(null);
    try {
      await call('DELETE /api/studio/products/:itemId/file', { params: { itemId } });
      show(null);
    } catch (e) {
      setError(message(e, 'Unable to remove the file.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="product-settings__box" data-testid="product-file">
      <legend>Download</legend>
      {file === undefined ? (
        <p className="loading">Loading…</p>
      ) : file ? (
        <p>
          <strong data-testid="product-file-name">{file.filename}</strong> · {size(file.bytes)}{' '}
          <button type="button" className="link-button" disabled={busy} onClick={() => void remove()}>
            Remove
          </button>
        </p>
      ) : (
        <p className="meta">No file yet: buyers get a download link once you upload one.</p>
      )}
      <label htmlFor={`product-file-${itemId}`}>
        {file ? 'Replace the file' : 'Upload the file'} (up to 200 MB)
      </label>
      <input
        id={`product-file-${itemId}`}
        type="file"
        disabled={busy}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {progress !== null && <progress max={1} value={progress} aria-label="Upload progress" />}
      {file && (
        <div className="product-row">
          <div>
            <label htmlFor={`product-file-limit-${itemId}`}>Downloads per purchase</label>
            <input
              id={`product-file-limit-${itemId}`}
              type="number"
              min={1}
              max={100}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`product-file-days-${itemId}`}>Link valid for (days)</label>
            <input
              id={`product-file-days-${itemId}`}
              type="number"
              min={1}
              max={365}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </div>
          <button type="button" className="button" disabled={busy} onClick={() => void saveSettings()}>
            Save download settings
          </button>
        </div>
      )}
      {saved && <p className="meta">Saved.</p>}
      {/* The site's preview page (type 210): the download section and receipt mail a buyer gets. */}
      <p className="meta">
        <a
          href={`/commerce/digital-preview?productId=${encodeURIComponent(itemId)}`}
          target="_blank"
          rel="noopener"
          data-testid="digital-preview-link"
        >
          Preview what a buyer receives
        </a>
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
