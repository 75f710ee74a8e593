import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/plugins/security-headers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { toneWav } from '../helpers/tone-wav';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----playable-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const STRICT = String(SECURITY_HEADERS.find(([name]) => name === 'content-security-policy')?.[1]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(64, 1),
]);

describe.each(backends)('audio and video files in the media library on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-playable-'));
  const upload = (name: string, type: string, body: Buffer) =>
    site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      ...multipart(name, type, body),
    });
  const visit = (url: string, headers: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, crumb: false, headers });

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    ({ call, session } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an uploaded WAV as sent, serves it in byte ranges, and an audio block plays it under the strict policy', async () => {
    const wav = toneWav();
    const res = await upload('Kiln Tone.wav', 'audio/wav', wav);
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset).toMatchObject({ kind: 'audio', systemDataVariants: '', bytes: wav.length });
    expect(asset.assetUrl).toMatch(/^\/media\/[a-f0-9]{24}\/kiln-tone\.wav$/);
    const whole = await visit(asset.assetUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(wav)).toBe(true);
    const part = await visit(asset.assetUrl, { range: 'bytes=40-47' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 40-47/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(40, 48))).toBe(true);
    const past = await visit(asset.assetUrl, { range: `bytes=${wav.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`);

    const page = (await call('POST', '/api/studio/pages', { title: 'Kiln tone', kind: 'page' })).json();
    const layout = {
      sections: [
        { id: 's', blocks: [{ id: 'a', type: 'audio', props: { src: asset.assetUrl, title: 'Tone' } }] },
      ],
    };
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const live = await visit(`/${page.urlId}`);
    expect(live.body).toContain(`<audio src="${asset.assetUrl}" controls preload="none"></audio>`);
    expect(live.headers['content-security-policy']).toBe(STRICT);
  });

  it('keeps an MP4 as video, told by its bytes; a video block plays it', async () => {
    const res = await upload('tour.bin', 'application/octet-stream', MP4);
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    expect(asset.kind).toBe('video');
    expect(asset.assetUrl).toMatch(/\/tour\.mp4$/);
    expect((await visit(asset.assetUrl)).headers['content-type']).toBe('video/mp4');
    const page = (await call('POST', '/api/studio/pages', { title: 'Tour film', kind: 'page' })).json();
    const layout = {
      sections: [{ id: 's', blocks: [{ id: 'v', type: 'video', props: { url: asset.assetUrl } }] }],
    };
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    expect((await visit(`/${page.urlId}`)).body).toContain(`<video src="${asset.assetUrl}" controls`);
  });

  it('refuses a file that only claims to be audio', async () => {
    const res = await upload('song.mp3', 'audio/mpeg', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('unsupported file type');
  });
});
