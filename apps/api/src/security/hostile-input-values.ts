import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from '../lib/media.ts';
import { pdf } from '../testing/workspace-fixtures.ts';

/**
 * Hostile values for `hostile-input.test.ts`: the generators (fast-check arbitraries), raw
 * request bodies and lying files. Nothing here knows a route; the test pairs them with the
 * schemas the app registered.
 */

/** Over 100 KB. */
export const HUGE = 'a'.repeat(100 * 1024 + 1);

export const SQL_INJECTIONS = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "' UNION SELECT password_hash FROM users --",
  '\\x27; DELETE FROM tokens; --',
  '$1',
];
export const HTML_INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg onload=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
];
export const UNICODE_ODDITIES = [
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\ufeff',
  '\u200b\u200d',
  '\uffff\ufffe',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '１２３',
  '\r\n\t\v\f',
];
/** Number strings at and past every bound, as a form field, query value or path segment carries them. */
export const NUMBER_STRINGS = [
  '0',
  '-0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '9007199254740993',
  '9999999999999999999',
  '2147483647',
  '2147483648',
  '-2147483649',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '1,5',
  '00000000000000000000001',
];
/** JSON number literals JSON.stringify cannot write (they become ±Infinity, -0 or lose digits). */
export const RAW_NUMBER_LITERALS = [
  '1e309',
  '-1e309',
  '-0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1e-400',
  '0.30000000000000004',
];
/** Path ids that are not ids. */
export const NOT_IDS = [
  '0',
  '-1',
  '1.5',
  '9999999999999999999',
  '9007199254740993',
  '2147483648',
  'abc',
  '%00',
  '../',
  '..',
  '1e3',
  '0x1',
  'NaN',
  'Infinity',
  ' 1',
  '1;DROP TABLE users',
  "1' OR '1'='1",
  '<script>',
  '\u202e1',
  '１',
];
export const NOT_MEDIA_KEYS = [
  '../../etc/passwd',
  '..',
  'images/../../../etc/passwd',
  '/etc/passwd',
  'images/\u0000.webp',
  'images/x.webp\u0000.html',
  'C:\\Windows\\win.ini',
  'images/%2e%2e/x',
  '',
  'images/',
];

const HOSTILE_CONSTANTS = [
  ...SQL_INJECTIONS,
  ...HTML_INJECTIONS,
  ...UNICODE_ODDITIES,
  ...NUMBER_STRINGS,
  HUGE,
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

/** A hostile string: random, full-unicode (lone surrogates included), or a known-bad constant. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_CONSTANTS), fc.constantFrom(...HOSTILE_CONSTANTS))
      .map(([a, b]) => a + b),
  },
);

/** A JSON number literal written as is: marks a value that JSON.stringify cannot express. */
const RAW = '\u0001raw:';
const rawNumber = fc.constantFrom(...RAW_NUMBER_LITERALS).map((n) => `${RAW}${n}\u0001`);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      0,
      -1,
      -0.5,
      2 ** 31,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ),
  },
  { weight: 1, arbitrary: rawNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const HUGE_ARRAY = Array.from({ length: 30_000 }, (_, i) => i);

/** Any JSON value a field could be given instead of the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileScalar, { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(HUGE_ARRAY, { $gt: '' }, { $ne: null }, [[[[[]]]]]),
  },
);

/** Field names worth trying anywhere besides a route's own: mass assignment and prototype keys. */
export const EXTRA_FIELDS = [
  'id',
  'user_id',
  'is_admin',
  'is_token_creator',
  'status',
  'balance',
  '__proto__',
  'constructor',
  'prototype',
  '',
  'a'.repeat(300),
];

/** A JSON body: an object over the route's fields and extra ones, or not an object at all. */
export function hostileJsonBody(fields: readonly string[]): fc.Arbitrary<unknown> {
  const names = fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom(...EXTRA_FIELDS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(names, hostileValue, { maxKeys: 10 }) },
    { weight: 1, arbitrary: fc.array(hostileValue, { maxLength: 3 }) },
    { weight: 1, arbitrary: hostileScalar },
  );
}

/** JSON text of a generated value, with raw number literals put back in. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001raw:([^"\\]*)\\u0001"/g, '$1');
}

export interface FormFile {
  data: Buffer;
  filename: string;
  type: string;
}
export type FormEntry = [name: string, value: string | FormFile];

const randomFile: fc.Arbitrary<FormFile> = fc.record({
  data: fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from('<script>alert(1)</script>'),
      Buffer.from('%PDF-1.4\n'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ),
  ),
  filename: fc.oneof(
    fc.constantFrom(
      'foto.png',
      '../../etc/passwd',
      'a\u0000.png',
      '<script>.pdf',
      'x.svg',
      '\u202egpj.exe',
      'a'.repeat(500),
      '',
    ),
    fc.string({ maxLength: 12 }),
  ),
  type: fc.constantFrom(
    'image/png',
    'application/pdf',
    'text/html',
    'image/svg+xml',
    'application/octet-stream',
    '',
    'x/y; charset=<script>',
  ),
});

/** A form over the route's fields and extra ones: text, files, repeated names. */
export function hostileFormBody(fields: readonly string[]): fc.Arbitrary<FormEntry[]> {
  const names = fc.oneof(
    { weight: 5, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom(...EXTRA_FIELDS) },
  );
  const value: fc.Arbitrary<string | FormFile> = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 1, arbitrary: randomFile },
  );
  return fc.array(fc.tuple(names, value), { maxLength: 12 });
}

/** Busboy sees text as UTF-8 bytes: a lone surrogate arrives as U+FFFD. */
const asUtf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const headerValue = (s: string) =>
  asUtf8(s)
    .replace(/[\r\n]/g, ' ')
    .replace(/"/g, '%22')
    .replace(/\\/g, '%5C');

/** A multipart/form-data body with the given boundary. */
export function multipartBody(entries: readonly FormEntry[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of entries) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n`),
        Buffer.from(value, 'utf8'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${headerValue(name)}"; filename="${headerValue(value.filename)}"\r\n` +
            `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
      );
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * The body the multipart plugin hands to the route's schema for these entries: text as strings,
 * files as UploadedFile, a repeated name as an array, nameless files and prototype keys dropped.
 */
export function formAsBody(entries: readonly FormEntry[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [rawName, value] of entries) {
    const name = asUtf8(rawName.replace(/[\r\n]/g, ' '));
    if (['__proto__', 'constructor', 'prototype'].includes(name)) continue;
    let parsed: unknown;
    if (typeof value === 'string') parsed = asUtf8(value);
    else if (!value.filename && value.data.length === 0) continue;
    else parsed = { filename: value.filename, mimetype: value.type, data: value.data };
    const previous = body[name];
    body[name] =
      previous === undefined
        ? parsed
        : [...(Array.isArray(previous) ? (previous as unknown[]) : [previous]), parsed];
  }
  return body;
}

export interface RawBody {
  label: string;
  headers: Record<string, string>;
  payload: string | Buffer;
}

const BOUNDARY = 'hostile-boundary-7c1f';
const oneField = multipartBody([['name', 'x']], BOUNDARY);

/** Bodies that are not what they claim: malformed JSON, wrong content types, broken multipart. */
export const RAW_BODIES: RawBody[] = [
  ...[
    '{"a": ',
    '{"a": 1,}',
    "{'a': 1}",
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": undefined}',
    '[1, 2',
    '"unterminated',
    '',
    ' ',
    '\u0000',
    '\ufeff{}',
    '{"__proto__": {"is_admin": true}}',
    '{"constructor": {"prototype": {"is_admin": true}}}',
    '{"a": "\\ud800"}',
    '{"a": "\\u0000"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a": "${'x'.repeat(1_100_000)}"}`,
  ].map((payload, i) => ({
    label: `malformed JSON #${i}`,
    headers: { 'content-type': 'application/json' },
    payload,
  })),
  ...[
    ['text/plain', 'name=x'],
    [
      'application/xml',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    ],
    ['application/x-www-form-urlencoded', 'name=x&is_admin=true'],
    ['text/html', '<script>alert(1)</script>'],
    ['application/json; charset=utf-16', '{}'],
    ['application/javascript', 'alert(1)'],
    ['image/png', '\x89PNG'],
    ['*/*', '{}'],
    ['application/json\u0000', '{}'],
    ['; boundary=x', '{}'],
  ].map(([type, payload]) => ({
    label: `wrong content type ${JSON.stringify(type)}`,
    headers: { 'content-type': type! },
    payload: payload!,
  })),
  {
    label: 'multipart without boundary',
    headers: { 'content-type': 'multipart/form-data' },
    payload: oneField,
  },
  {
    label: 'multipart with an empty boundary',
    headers: { 'content-type': 'multipart/form-data; boundary=' },
    payload: oneField,
  },
  {
    label: 'multipart with another boundary',
    headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' },
    payload: oneField,
  },
  {
    label: 'multipart truncated mid-part',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: oneField.subarray(0, oneField.length - 20),
  },
  {
    label: 'multipart without its closing delimiter',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`),
  },
  {
    label: 'multipart part without Content-Disposition',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(`--${BOUNDARY}\r\nX-Other: y\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
  },
  {
    label: 'multipart with 5000 parts',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(
      Array.from({ length: 5000 }, (_, i): FormEntry => [`f${i}`, 'x']),
      BOUNDARY,
    ),
  },
  {
    label: 'multipart with 300 files',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(
      Array.from({ length: 300 }, (_, i): FormEntry => [
        `f${i}`,
        { data: Buffer.from('x'), filename: 'a.png', type: 'image/png' },
      ]),
      BOUNDARY,
    ),
  },
  {
    label: 'multipart with one field sent 110 times',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(
      Array.from({ length: 110 }, (): FormEntry => ['name', 'x']),
      BOUNDARY,
    ),
  },
  {
    label: 'multipart with a 300 KB field',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody([['name', 'x'.repeat(300 * 1024)]], BOUNDARY),
  },
  {
    label: 'multipart with garbage headers',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(`--${BOUNDARY}\r\n${'\u0000'.repeat(100)}\r\n\r\n--${BOUNDARY}--`),
  },
  {
    label: 'multipart that is only the boundary',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.from(`--${BOUNDARY}--`),
  },
];

export const FORM_BOUNDARY = BOUNDARY;

// ---------------------------------------------------------------------------------------------
// Files that lie.

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(width: number, height: number, colorType = 2): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = colorType;
  return pngChunk('IHDR', data);
}

export type FileKind = 'image' | 'pdf';
export interface LyingFile {
  label: string;
  kind: FileKind;
  file: FormFile;
  /** The field message expected; `tooLarge` for the size message of its kind. */
  refusal: 'invalid' | 'tooLarge';
}

export async function lyingFiles(): Promise<LyingFile[]> {
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  );
  const realPng = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#2d6a3e',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const realPdf = pdf();
  const eof = realPdf.lastIndexOf('%%EOF');
  // Header of a 100×100 PNG, then HTML instead of image data.
  const pngHtml = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(100, 100),
    pngChunk('tEXt', Buffer.from('Comment\u0000<script>alert(1)</script>', 'latin1')),
    html,
  ]);
  // A JPEG's start-of-image and JFIF header, then JavaScript; no frame follows.
  const jpegJs = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\u0000\u0001\u0001\u0000\u0000\u0001\u0000\u0001\u0000\u0000', 'latin1'),
    Buffer.from([0xff, 0xfe, 0x00, 0x20]),
    Buffer.from('*/=alert(1);/*<script>alert(1)</script>'),
  ]);
  // Declares 50000×50000 (2.5 gigapixels) in a few hundred bytes.
  const pngBomb = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(50_000, 50_000),
    pngChunk('IDAT', deflateSync(Buffer.alloc(50_000 * 3 + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  // A complete, valid 9000×9000 grey PNG: ~80 KB that inflates to 81 MB (81 megapixels).
  const zlibBomb = Buffer.concat([
    PNG_SIGNATURE,
    ihdr(9000, 9000, 0),
    pngChunk('IDAT', deflateSync(Buffer.alloc(9000 * 9001), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  const bigPng = Buffer.concat([realPng, Buffer.alloc(IMAGE_MAX_BYTES + 1 - realPng.length)]);
  const bigPdf = Buffer.concat([
    realPdf.subarray(0, eof),
    Buffer.alloc(PDF_MAX_BYTES + 1 - realPdf.length, 0x20),
    realPdf.subarray(eof),
  ]);
  const file = (data: Buffer, filename: string, type: string): FormFile => ({
    data,
    filename,
    type,
  });
  return [
    {
      label: 'a PDF named .png',
      kind: 'image',
      refusal: 'invalid',
      file: file(realPdf, 'foto.png', 'image/png'),
    },
    {
      label: 'HTML named .png',
      kind: 'image',
      refusal: 'invalid',
      file: file(html, 'foto.png', 'image/png'),
    },
    {
      label: 'an SVG with a script',
      kind: 'image',
      refusal: 'invalid',
      file: file(svg, 'logo.svg', 'image/svg+xml'),
    },
    {
      label: 'an SVG with a script named .png',
      kind: 'image',
      refusal: 'invalid',
      file: file(svg, 'logo.png', 'image/png'),
    },
    {
      label: 'a PNG header followed by HTML',
      kind: 'image',
      refusal: 'invalid',
      file: file(pngHtml, 'foto.png', 'image/png'),
    },
    {
      label: 'a JPEG header followed by JavaScript',
      kind: 'image',
      refusal: 'invalid',
      file: file(jpegJs, 'foto.jpg', 'image/jpeg'),
    },
    {
      label: 'a PNG declaring 50000×50000 pixels',
      kind: 'image',
      refusal: 'invalid',
      file: file(pngBomb, 'bomba.png', 'image/png'),
    },
    {
      label: 'a 9000×9000 PNG of 80 KB (zlib bomb)',
      kind: 'image',
      refusal: 'invalid',
      file: file(zlibBomb, 'zlib.png', 'image/png'),
    },
    {
      label: 'a PNG cut in half',
      kind: 'image',
      refusal: 'invalid',
      file: file(realPng.subarray(0, realPng.length >> 1), 'metade.png', 'image/png'),
    },
    {
      label: 'an image 1 byte over 5 MB',
      kind: 'image',
      refusal: 'tooLarge',
      file: file(bigPng, 'grande.png', 'image/png'),
    },
    {
      label: 'HTML named .pdf',
      kind: 'pdf',
      refusal: 'invalid',
      file: file(html, 'doc.pdf', 'application/pdf'),
    },
    {
      label: 'a PNG named .pdf',
      kind: 'pdf',
      refusal: 'invalid',
      file: file(realPng, 'doc.pdf', 'application/pdf'),
    },
    {
      label: 'a PDF without %%EOF',
      kind: 'pdf',
      refusal: 'invalid',
      file: file(realPdf.subarray(0, eof), 'doc.pdf', 'application/pdf'),
    },
    {
      label: 'a PDF cut in half',
      kind: 'pdf',
      refusal: 'invalid',
      file: file(realPdf.subarray(0, realPdf.length >> 1), 'doc.pdf', 'application/pdf'),
    },
    {
      label: 'a PDF 1 byte over 20 MB',
      kind: 'pdf',
      refusal: 'tooLarge',
      file: file(bigPdf, 'grande.pdf', 'application/pdf'),
    },
  ];
}
