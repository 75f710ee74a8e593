import { type DragEvent, useCallback, useEffect, useState } from 'react';
import { API_MESSAGES } from '@store/api/client';
import { ApiFailure, type MediaAsset, api } from '../api';
import { confirmModal } from '../components/dialogs';

const fmtSize = (bytes: number) =>
  bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * The media library: upload by drag and drop or the file picker (with progress), then name,
 * alt text and delete (confirmed). Errors carry the spec §8 titles.
 */
export function MediaPanel() {
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [over, setOver] = useState(false);
  const load = useCallback(() => api.media().then((r) => setMedia(r.media)), []);
  useEffect(() => {
    load().catch(() => setError({ title: 'Something went wrong', message: 'Unable to load. Try again.' }));
  }, [load]);

  async function upload(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      setProgress(0);
      try {
        const asset = await api.uploadMedia(file, setProgress);
        setMedia((list) => [asset, ...list]);
        setError(null);
      } catch (failure) {
        setError({
          title: API_MESSAGES.uploadTitle,
          message: failure instanceof ApiFailure ? failure.message : API_MESSAGES.uploadFailed,
        });
      } finally {
        setProgress(null);
      }
    }
  }

  return (
    <div className="media-panel">
      <div className="panel__head">
        <h1>Media</h1>
      </div>
      {error && (
        <div className="alert" role="alert">
          <strong>{error.title}</strong> {error.message}
        </div>
      )}
      <label
        className={`dropzone${over ? ' dropzone--over' : ''}`}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          upload(e.dataTransfer.files);
        }}
      >
        <span>Drop images, audio or video here, or choose files</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,audio/mpeg,audio/mp4,audio/ogg,audio/wav,audio/flac,video/mp4,video/webm,video/quicktime"
          multiple
          aria-label="Upload images, audio or video"
          onChange={(e) => upload(e.target.files)}
        />
      </label>
      {progress !== null && (
        <progress className="upload-progress" value={progress} max={1} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
      <ul className="media-grid">
        {media.map((asset) => (
          <MediaItem key={asset.id} asset={asset} onChanged={load} />
        ))}
      </ul>
      {media.length === 0 && <p className="muted">No files yet.</p>}
    </div>
  );
}

function MediaItem({ asset, onChanged }: { asset: MediaAsset; onChanged(): void }) {
  const [filename, setFilename] = useState(asset.filename);
  const [altText, setAltText] = useState(asset.altText);
  const [error, setError] = useState('');
  const dirty = filename !== asset.filename || altText !== asset.altText;
  return (
    <li className="media-item">
      {asset.kind === 'image' ? (
        <img
          src={`${asset.assetUrl}?format=300w`}
          alt={asset.altText || asset.filename}
          width={140}
          height={140}
          loading="lazy"
        />
      ) : (
        // Audio and video play here; video and audio blocks take their address.
        <div className="media-item__file">
          {asset.kind === 'video' ? (
            // biome-ignore lint/a11y/useMediaCaption: the owner's own upload, previewed; captions are not ours to add.
            <video src={asset.assetUrl} controls preload="metadata" width={140} height={100} />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: the owner's own upload, previewed.
            <audio src={asset.assetUrl} controls preload="none" />
          )}
          <code className="media-item__address">{asset.assetUrl}</code>
        </div>
      )}
      <span className="muted">
        {asset.kind === 'image' ? asset.originalSize : asset.kind === 'audio' ? 'Audio' : 'Video'} ·{' '}
        {fmtSize(asset.bytes)}
      </span>
      {error && (
        <p className="alert" role="alert">
          <strong>Unable to Rename File</strong> {error}
        </p>
      )}
      <label htmlFor={`m-name-${asset.id}`}>File name</label>
      <input id={`m-name-${asset.id}`} value={filename} onChange={(e) => setFilename(e.target.value)} />
      <label htmlFor={`m-alt-${asset.id}`}>Alt text</label>
      <input id={`m-alt-${asset.id}`} value={altText} onChange={(e) => setAltText(e.target.value)} />
      <div className="media-item__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={!dirty}
          aria-label={`Save ${asset.filename}`}
          onClick={async () => {
            if (!filename.trim()) return setError('Please enter a file name');
            try {
              await api.updateMedia(asset.id, { filename, altText });
              setError('');
              onChanged();
            } catch (failure) {
              setError(
                failure instanceof ApiFailure
                  ? failure.message
                  : 'There was a problem while renaming your file.',
              );
            }
          }}
        >
          Save
        </button>
        <button
          type="button"
          className="btn btn--plain"
          aria-label={`Delete ${asset.filename}`}
          onClick={async () => {
            const ok = await confirmModal({
              title: `Delete ${asset.filename}?`,
              message: 'Pages that show this image will show nothing in its place.',
              confirmLabel: 'Delete',
            });
            if (!ok) return;
            await api.deleteMedia(asset.id).catch(() => undefined);
            onChanged();
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
