/**
 * What the media library says about a file, without React: its size in KB or MB and what it
 * is (an image's pixel size, or "Audio" / "Video").
 *
 *   fileSize(2_400_000)          // '2.3 MB'
 *   fileFacts(asset)              // '1200x800 · 245 KB'
 */
import type { MediaAsset } from '../api';

/** Bytes as the owner reads them: whole KB (rounded up) below a megabyte, MB with one decimal above. */
export function fileSize(bytes: number): string {
  return bytes > 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The line under a file: what it is and how big. */
export function fileFacts(asset: Pick<MediaAsset, 'kind' | 'originalSize' | 'bytes'>): string {
  const what = asset.kind === 'image' ? asset.originalSize : asset.kind === 'audio' ? 'Audio' : 'Video';
  return `${what} · ${fileSize(asset.bytes)}`;
}
