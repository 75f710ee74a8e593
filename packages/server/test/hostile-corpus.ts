import { encodeCursor } from '../src/services/owner/cursor';

/**
 * What a hostile client sends: NUL bytes, lone UTF-16 surrogates (raw and as JSON escapes
 * inside JSON-text fields), bytes that are not UTF-8, huge and deeply nested values, wrong
 * types, broken %-escapes, wrong content types and broken multipart bodies; path params that
 * are not ids, climb out of their folder or run long; query strings that do not parse.
 */

export const NUL = 'a\u0000b';
export const LONE = 'a\ud800b';
export const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Field names the API's routes read, each set to `value` (plus JSON-text fields around it). */
export function fieldsWith(value: unknown): Record<string, unknown> {
  const text = JSON.stringify({ note: value, url: value });
  return {
    itemId: value,
    sku: value,
    quantity: value,
    qty: value,
    additionalFields: text,
    email: value,
    password: value,
    siteVisitorEmail: value,
    productId: value,
    variantId: value,
    language: value,
    code: value,
    shippingOptionId: value,
    country: value,
    region: value,
    postalCode: value,
    formId: value,
    form: text,
    key: value,
    captchaKey: value,
    pageTitle: value,
    pagePath: value,
    eventSchemaName: 'page_view',
    eventContent: text,
    event: value,
    data: text,
    visitorCookie: value,
    url: value,
    token: value,
    paymentToken: value,
    sendRequests: [{ productId: value, variantId: value }],
    header: value,
    footer: value,
    // Owner bodies: titles, texts, ids and amounts of pages, posts, products, forms, settings.
    title: value,
    name: value,
    description: value,
    body: value,
    html: value,
    text: value,
    label: value,
    alt: value,
    roleCode: value,
    status: value,
    amount: value,
    amountCents: value,
    reason: value,
    urlId: value,
    navigationTitle: value,
    seoDescription: value,
    layout: { blocks: [{ type: value, props: { text: value } }] },
    variants: [{ sku: value, priceCents: value, attributes: { size: value } }],
    options: [{ name: value, values: [value] }],
    fields: [{ type: value, label: value }],
    translations: [{ key: value, text: value }],
    rating: value,
    message: value,
    locale: value,
  };
}

export type Payload = string | Buffer;
export interface HostileBody {
  name: string;
  type: string;
  payload: Payload;
}

const BOUNDARY = '----hostile-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** One multipart part with a `file` field; `disposition` is sent as raw bytes (a NUL stays a NUL). */
function filePart(disposition: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n`, 'latin1'),
    Buffer.from(`Content-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from('\r\n'),
  ]);
}
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A 1×1 PNG: small enough for every upload, real enough for an image decoder. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every field of fieldsWith as a JSON string of raw `bytes` (which are not valid UTF-8). */
function withBytes(bytes: number[]): Buffer {
  const raw = Buffer.from([0x22, ...bytes, 0x22]);
  const parts = JSON.stringify(fieldsWith('@@')).split('"@@"');
  return Buffer.concat(
    parts.flatMap((part, i) => (i === 0 ? [Buffer.from(part)] : [raw, Buffer.from(part)])),
  );
}

export const bodies: HostileBody[] = [
  { name: 'NUL in every field', type: 'application/json', payload: JSON.stringify(fieldsWith(NUL)) },
  {
    name: 'lone surrogate in every field',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith(LONE)),
  },
  {
    name: 'escaped NUL inside JSON text',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith('x')).replaceAll('\\"x\\"', '\\"\\\\u0000\\"'),
  },
  {
    name: 'escaped lone surrogate inside JSON text',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith('x')).replaceAll('\\"x\\"', '\\"\\\\ud800\\"'),
  },
  {
    name: 'bytes that are not UTF-8 in every field',
    type: 'application/json',
    payload: withBytes([0xff, 0xfe, 0xc3, 0x28]),
  },
  {
    name: 'a UTF-8-encoded surrogate in every field',
    type: 'application/json',
    payload: withBytes([0xed, 0xa0, 0x80]),
  },
  { name: 'a 20 000-deep body', type: 'application/json', payload: deep(20_000) },
  {
    name: 'a 20 000-deep value in a field',
    type: 'application/json',
    payload: `{"data":${deep(20_000)},"eventContent":${deep(20_000)}}`,
  },
  {
    name: 'deep JSON text in fields',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith(deep(5_000))),
  },
  {
    name: '200-deep objects in fields',
    type: 'application/json',
    payload: `{"title":${deepObject(200)},"layout":${deepObject(200)}}`,
  },
  {
    name: 'wrong types everywhere',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith({ $gt: '' })),
  },
  { name: 'arrays everywhere', type: 'application/json', payload: JSON.stringify(fieldsWith([])) },
  { name: 'null everywhere', type: 'application/json', payload: JSON.stringify(fieldsWith(null)) },
  { name: 'numbers everywhere', type: 'application/json', payload: JSON.stringify(fieldsWith(1e308)) },
  {
    name: 'negative numbers everywhere',
    type: 'application/json',
    payload: JSON.stringify(fieldsWith(-2_147_483_649)),
  },
  { name: 'huge strings', type: 'application/json', payload: JSON.stringify(fieldsWith('x'.repeat(30_000))) },
  {
    name: 'one 900 KB string',
    type: 'application/json',
    payload: JSON.stringify({ title: 'x'.repeat(900_000) }),
  },
  { name: 'a body past the size limit', type: 'application/json', payload: `"${'x'.repeat(1_100_000)}"` },
  {
    name: 'prototype keys',
    type: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"title":"x"}',
  },
  { name: 'malformed JSON', type: 'application/json', payload: '{"itemId": ' },
  { name: 'an empty body', type: 'application/json', payload: '' },
  { name: 'an empty array', type: 'application/json', payload: '[]' },
  { name: 'a JSON array', type: 'application/json', payload: '[1,2,3]' },
  { name: 'null', type: 'application/json', payload: 'null' },
  { name: 'a JSON string', type: 'application/json', payload: '"x"' },
  { name: 'a byte-order mark', type: 'application/json', payload: '\ufeff{}' },
  { name: 'JSON declared as UTF-16', type: 'application/json; charset=utf-16', payload: '{}' },
  { name: 'text/plain with NUL', type: 'text/plain', payload: JSON.stringify(fieldsWith(NUL)) },
  { name: 'XML', type: 'application/xml', payload: '<?xml version="1.0"?><a>&lt;</a>' },
  {
    name: 'form-encoded NUL',
    type: 'application/x-www-form-urlencoded',
    payload: 'event=a%00b&data=%7B%22a%22%3A%22%5Cu0000%22%7D&password=a%00b',
  },
  {
    name: 'form-encoded bad escapes',
    type: 'application/x-www-form-urlencoded',
    payload: 'event=%ZZ&data=%7B&ss_cvr=|||&crumb=',
  },
  { name: 'binary', type: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
  { name: 'an empty multipart', type: MULTIPART, payload: closing },
  { name: 'multipart without a boundary', type: 'multipart/form-data', payload: closing },
  { name: 'multipart cut short', type: MULTIPART, payload: filePart('filename="a.png"', 'image/png', PNG) },
  {
    name: 'multipart with a NUL in the file name',
    type: MULTIPART,
    payload: Buffer.concat([filePart('filename="a\u0000b.png"', 'image/png', PNG), closing]),
  },
  {
    name: 'multipart with an encoded NUL and a surrogate in the file name',
    type: MULTIPART,
    payload: Buffer.concat([filePart("filename*=UTF-8''a%00%ED%A0%80.zip", 'application/zip', PNG), closing]),
  },
  {
    name: 'multipart with a climbing file name',
    type: MULTIPART,
    payload: Buffer.concat([
      filePart('filename="../../../etc/passwd"', 'text/plain', Buffer.from('x')),
      closing,
    ]),
  },
  {
    name: 'multipart with an empty file',
    type: MULTIPART,
    payload: Buffer.concat([filePart('filename=""', 'application/octet-stream', Buffer.alloc(0)), closing]),
  },
  {
    name: 'multipart with two files',
    type: MULTIPART,
    payload: Buffer.concat([
      filePart('filename="a.png"', 'image/png', PNG),
      filePart('filename="b.png"', 'image/png', PNG),
      closing,
    ]),
  },
];

export const queries = [
  `?cursor=${encodeCursor(['not a date', 'x'])}&productId=a%00b&variantId=%ED%A0%80`,
  `?cursor=${encodeCursor(['2024-02-31 10:00:00+00', 'x'])}&from=2024-13-01&to=nope`,
  // Cursors that decode but hold no date PostgreSQL accepts, with otherwise valid queries.
  `?cursor=${encodeCursor(['1', 'x'])}&productId=p&variantId=v&status=PENDING`,
  `?cursor=${encodeCursor(['2024-02-31 10:00:00+00', 'x'])}&productId=p&variantId=v`,
  `?cursor=${encodeCursor(['99999-01-01', 'x'])}&productId=p&variantId=v`,
  `?cursor=${encodeCursor([NUL, NUL])}&itemId=%ZZ&status=a%00`,
  `?cursor=%ZZ&itemId=${'x'.repeat(5_000)}&format=json&calculateSubtotal=%00`,
  // Repeated keys (arrays where a string is expected), brackets, empty names, stray separators.
  '?q=a&q=b&cursor=x&cursor=y&status=a&status=b&limit=-1&limit=1e309',
  '?q[a][b]=1&status[]=x&=&&==&%00=%00&format[]=json',
  `?q=${'%F0%9F%98%80'.repeat(2_000)}&format=%FF%FE`,
];

/** Path params that are not ids: NUL, surrogate, broken escapes, climbing, long, numbers. */
export const badParams = [
  'a%00b',
  '%ED%A0%80',
  '%25',
  '%ZZ',
  'x'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%5C%5Cevil.example',
  '-1',
  '1e308',
];

export const pagePaths = [
  '/%00',
  '/%25',
  '/shop/p/%25',
  '/shop/p/a%00b',
  '/%ZZ',
  '/shop/%ED%A0%80',
  `/${'x'.repeat(3000)}`,
  '/shop?format=json&q=%00',
  '/%61pi/nowhere',
  '/%61pi/commerce/shopping-cart/entries/%ZZ',
  '/downloads/..%2F..%2Fetc%2Fpasswd',
  '/media/..%2F..%2F/x.png',
  '//evil.example/',
  '/search?q=%00&q[]=x',
];
