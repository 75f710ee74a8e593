import { describe, expect, it } from 'vitest';
import { byteRange, detectPlayable } from './sound-and-video';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 2, 0], 'isomiso2mp41');

describe('detectPlayable: what an upload is, by its first bytes', () => {
  it.each([
    ['MP4 (isom)', ftyp('isom'), 'mp4', 'video/mp4'],
    ['MP4 (mp42)', ftyp('mp42'), 'mp4', 'video/mp4'],
    ['QuickTime', ftyp('qt  '), 'mov', 'video/quicktime'],
    ['M4A', ftyp('M4A '), 'm4a', 'audio/mp4'],
    [
      'WebM',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81]),
      'webm',
      'video/webm',
    ],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'mp3', 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0, 0, 0, 0, 0]), 'mp3', 'audio/mpeg'],
    ['Ogg', bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]), 'ogg', 'audio/ogg'],
    ['WAV', bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt '), 'wav', 'audio/wav'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 34, 0, 0, 0, 0]), 'flac', 'audio/flac'],
  ])('%s → %s', (_name, body, ext, contentType) => {
    expect(detectPlayable(body)).toMatchObject({ ext, contentType });
  });

  it.each([
    ['AVIF image (ftyp avif)', ftyp('avif')],
    ['HEIC image', ftyp('heic')],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['HTML named film.mp4', bytes('<!doctype html><script>alert(1)</script>')],
    ['RIFF that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')],
    ['too short', bytes('ID3')],
  ])('%s → not audio or video', (_name, body) => {
    expect(detectPlayable(body)).toBeNull();
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-', 100, { start: 0, end: 99 }],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-200', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=5-2', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ] as const)('%s of %i bytes → %j', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});
