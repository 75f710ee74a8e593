import { describe, expect, it } from 'vitest';
import { fileFacts, fileSize } from './media-data';

describe('media file facts', () => {
  it('gives small files in whole KB, rounded up, and large ones in MB', () => {
    expect(fileSize(1)).toBe('1 KB');
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(1025)).toBe('2 KB');
    expect(fileSize(1024 * 1024)).toBe('1024 KB');
    expect(fileSize(2_400_000)).toBe('2.3 MB');
  });

  it('says an image’s pixel size, or that a file is audio or video', () => {
    expect(fileFacts({ kind: 'image', originalSize: '1200x800', bytes: 250_000 })).toBe('1200x800 · 245 KB');
    expect(fileFacts({ kind: 'audio', originalSize: '', bytes: 3_000_000 })).toBe('Audio · 2.9 MB');
    expect(fileFacts({ kind: 'video', originalSize: '', bytes: 512 })).toBe('Video · 1 KB');
  });
});
