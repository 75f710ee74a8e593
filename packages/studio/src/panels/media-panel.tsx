import { API_MESSAGES } from '@store/api/client';
import { type DragEvent, useState } from 'react';
import { ApiFailure, type MediaAsset, api } from '../api';
import { confirmModal } from '../components/dialogs';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { fileFacts } from './media-data';

const mediaRoute = ['GET /api/studio/media'] as const;

/**
 * The media library: upload by drag and drop or the file picker (with progress), then name,
 * alt text and delete (confirmed). Errors carry the spec §8 titles. The files come from the
 * shared query cache (the post editor's image list and the block pickers read the same answer).
 */
export function MediaPanel() {
  const library = useApiQuery('GET /api/studio/media', {});
  const [progress, setProgress] = useState<number | null>(null);
  const uploadOne = useApiMutation('POST /api/studio/media', {
    send: (file: File) => api.uploadMedia(file, setProgress),
    invalidates: mediaRoute,
  });
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [over, setOver] = useState(false);
  const media = library.data?.media ?? [];
  const shownError =
    error ??
    (library.errorText ? { title: 'Something went wrong', message: 'Unable to load. Try again.' } : null);

  async function upload(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      setProgress(0);
      try {
        await uploadOne.mutateAsync(file);
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
      {shownError && (
        <div className="alert" role="alert">
          <strong>{shownError.title}</strong> {shownError.message}
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
          <MediaItem key={asset.id} asset={asset} />
        ))}
      </ul>
      {library.isPending ? (
        <p className="loading">Loading…</p>
      ) : (
        media.length === 0 && <p className="muted">No files yet.</p>
      )}
    </div>
  );
}

function MediaItem({ asset }: { asset: MediaAsset }) {
  const update = useApiMutation('PATCH /api/studio/media/:id', { invalidates: mediaRoute });
  const remove = useApiMutation('DELETE /api/studio/media/:id', { invalidates: mediaRoute });
  const [filename, setFilename] = useState(asset.filename);
  const [altText, setAltText] = useState(asset.altText);
  const [error, setError] = useState('');
  const [deleteError, setDeleteError] = useState('');
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
      <span className="muted">{fileFacts(asset)}</span>
      {error && (
        <p className="alert" role="alert">
          <strong>Unable to Rename File</strong> {error}
        </p>
      )}
      {deleteError && (
        <p className="alert" role="alert">
          {deleteError}
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
          disabled={!dirty || update.isPending}
          aria-label={`Save ${asset.filename}`}
          onClick={async () => {
            if (!filename.trim()) return setError('Please enter a file name');
            try {
              await update.mutateAsync({ params: { id: asset.id }, body: { filename, altText } });
              setError('');
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
            try {
              await remove.mutateAsync({ params: { id: asset.id } });
            } catch (failure) {
              setDeleteError(failureText(failure));
            }
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
