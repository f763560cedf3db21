import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startFakeS3 } from '../testing/fake-s3.ts';
import { deleteMedia, storeImage, storePdf } from './media.ts';
import { localStorage } from './storage/local-storage.ts';
import { s3Storage } from './storage/s3-storage.ts';
import type { Storage } from './storage/storage.ts';
import { renderPdf } from '../seed/pdf.ts';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2d6a3e' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'segredo', Artist: 'GPS -3.1,-60.0' } } })
    .toBuffer();

const streamToBuffer = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each([
  [
    'local disk',
    async () => ({
      storage: localStorage(mkdtempSync(join(tmpdir(), 'media-'))),
      close: async () => {},
    }),
  ],
  [
    'S3-compatible',
    async () => {
      const s3 = await startFakeS3();
      const storage = s3Storage({
        bucket: 'copaiba',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      });
      return { storage, close: s3.close };
    },
  ],
])('media on %s storage', (_name, open) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('re-encodes images to WebP at responsive widths, without metadata', async () => {
    const key = await storeImage(storage, await photo(2400, 1350), 'logo_image');
    expect(key).toMatch(/^images\/[a-f0-9]{24}\.webp$/);
    for (const [variant, width] of [
      [key, 1600],
      [key.replace('.webp', '-960.webp'), 960],
      [key.replace('.webp', '-480.webp'), 480],
    ] as const) {
      const object = await storage.get(variant);
      expect(object?.contentType).toBe('image/webp');
      const meta = await sharp(await streamToBuffer(object!.body)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    await deleteMedia(storage, key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(key.replace('.webp', '-480.webp'))).toBeNull();
  });

  it('never enlarges a small image', async () => {
    const key = await storeImage(storage, await photo(300, 300), 'logo_image');
    const meta = await sharp(await streamToBuffer((await storage.get(key))!.body)).metadata();
    expect(meta.width).toBe(300);
  });

  it('keeps a narrower image at its own width in the larger renditions, as its EXIF turns it', async () => {
    const renditionWidths = async (key: string) =>
      Promise.all(
        ['-480', '-960', ''].map(async (suffix) => {
          const object = await storage.get(key.replace('.webp', `${suffix}.webp`));
          const data = await streamToBuffer(object!.body);
          return { width: (await sharp(data).metadata()).width, data };
        }),
      );
    const narrow = await renditionWidths(await storeImage(storage, await photo(800, 600), 'x'));
    expect(narrow.map((r) => r.width)).toEqual([480, 800, 800]);
    expect(narrow[2]!.data.equals(narrow[1]!.data)).toBe(true);
    // Stored 700 wide and turned a quarter by its EXIF orientation: 1,200 wide as shown.
    const upright = await sharp({
      create: { width: 700, height: 1200, channels: 3, background: '#2d6a3e' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turned = await renditionWidths(await storeImage(storage, upright, 'x'));
    expect(turned.map((r) => r.width)).toEqual([480, 960, 1200]);
  });

  it('judges by content: text, SVG, truncated images and bombs are not images', async () => {
    const jpeg = await photo(800, 600);
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases = [
      Buffer.from('GIF89a but actually text'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), jpeg]),
      jpeg.subarray(0, 400),
      bomb,
    ];
    for (const data of cases) {
      await expect(storeImage(storage, data, 'logo_image')).rejects.toMatchObject({
        status: 400,
        body: { logo_image: ['Selecione uma imagem válida'] },
      });
    }
    await expect(
      storeImage(storage, Buffer.alloc(5 * 1024 * 1024 + 1), 'logo_image'),
    ).rejects.toMatchObject({
      body: { logo_image: ['A imagem deve ter no máximo 5 MB.'] },
    });
  });

  it('stores real PDFs and refuses anything else', async () => {
    const key = await storePdf(
      storage,
      renderPdf({ title: 'Termo', paragraphs: ['Texto'] }),
      'project_blade',
    );
    expect(key).toMatch(/^docs\/[a-f0-9]{24}\.pdf$/);
    expect((await storage.get(key))?.contentType).toBe('application/pdf');
    for (const data of [
      Buffer.from('not a pdf'),
      Buffer.from('%PDF-1.4 truncated'),
      await photo(10, 10),
    ]) {
      await expect(storePdf(storage, data, 'project_blade')).rejects.toMatchObject({
        body: { project_blade: ['Selecione um arquivo PDF válido.'] },
      });
    }
  });
});

describe('GET /media/*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves stored files for a year, inline, sandboxed', async () => {
    const key = await storeImage(t.storage, await photo(640, 360), 'x');
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const pdf = await storePdf(t.storage, renderPdf({ title: 'T', paragraphs: [] }), 'x');
    const doc = await t.app.inject({ method: 'GET', url: `/media/${pdf}` });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('inline');
  });

  it('answers 404 for unknown keys and anything that tries to leave the media folder', async () => {
    for (const url of [
      '/media/images/nao-existe.webp',
      '/media/../../etc/passwd',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/images/%2e%2e/x.webp',
      '/media/',
      '/media/images/x.exe',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Não encontrado.' });
    }
  });
});
