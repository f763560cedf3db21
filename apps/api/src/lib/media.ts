import { randomBytes } from 'node:crypto';
import { AppError } from './app-error.ts';
import type { Storage } from './storage/storage.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
/** Responsive widths; the key without a suffix is the largest. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);

export const mediaMessages = {
  invalidImage: 'Selecione uma imagem válida',
  imageTooLarge: 'A imagem deve ter no máximo 5 MB.',
  invalidPdf: 'Selecione um arquivo PDF válido.',
  pdfTooLarge: 'O PDF deve ter no máximo 20 MB.',
} as const;

/** sharp (libvips) is loaded on the first image, not at start-up. */
export const loadSharp = async () => (await import('sharp')).default;

const newKey = (folder: string, ext: string) =>
  `${folder}/${randomBytes(12).toString('hex')}.${ext}`;
const variantKey = (key: string, width: number) => key.replace(/\.webp$/, `-${width}.webp`);

export const mediaUrl = (key: string | null | undefined): string | null =>
  key ? `/media/${key}` : null;

/** An image checked and encoded, not yet stored: its WebP renditions, smallest first. */
export interface EncodedImage {
  field: string;
  renditions: Array<{ width: number; data: Buffer }>;
}

/**
 * Checks that the bytes are really an image (whatever the name or declared type says), refuses
 * decompression bombs, strips metadata and encodes WebP renditions at IMAGE_WIDTHS (at most the
 * image's own width).
 */
export async function encodeImage(
  data: Buffer,
  field: string,
  /** libwebp's effort, 0–6: sharp's default for uploads; the demo's drawn art passes less. */
  effort = 4,
): Promise<EncodedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw AppError.badRequest(field, mediaMessages.imageTooLarge);
  const sharp = await loadSharp();
  const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw AppError.badRequest(field, mediaMessages.invalidImage);
  }
  // Never enlarged: past the image's own width every rendition is the same picture, encoded once.
  const ownWidth = meta.autoOrient.width;
  try {
    const renditions: EncodedImage['renditions'] = [];
    for (const width of IMAGE_WIDTHS) {
      const previous = renditions.at(-1);
      if (previous && previous.width >= ownWidth) {
        renditions.push({ width, data: previous.data });
        continue;
      }
      const out = await image
        .clone()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort })
        .toBuffer();
      renditions.push({ width, data: out });
    }
    return { field, renditions };
  } catch {
    throw AppError.badRequest(field, mediaMessages.invalidImage);
  }
}

/**
 * Stores an encoded image under a key of its own (two stored copies never share a file, so
 * replacing one never removes the other). Returns the key of the largest rendition.
 */
export async function putImage(storage: Storage, image: EncodedImage): Promise<string> {
  const key = newKey('images', 'webp');
  const largest = image.renditions.at(-1)!.width;
  const written: string[] = [];
  try {
    for (const { width, data } of image.renditions) {
      const target = width === largest ? key : variantKey(key, width);
      await storage.put(target, data, 'image/webp');
      written.push(target);
    }
  } catch {
    await Promise.all(written.map((k) => storage.delete(k)));
    throw AppError.badRequest(image.field, mediaMessages.invalidImage);
  }
  return key;
}

/** An uploaded image checked, encoded and stored (encodeImage, putImage); the largest's key. */
export async function storeImage(storage: Storage, data: Buffer, field: string): Promise<string> {
  return putImage(storage, await encodeImage(data, field));
}

/** A PDF is checked by its header and trailer, and stored as is. */
export async function storePdf(storage: Storage, data: Buffer, field: string): Promise<string> {
  if (data.length > PDF_MAX_BYTES) throw AppError.badRequest(field, mediaMessages.pdfTooLarge);
  const head = data.subarray(0, 1024).toString('latin1');
  const tail = data.subarray(Math.max(0, data.length - 2048)).toString('latin1');
  if (!head.startsWith('%PDF-') || !tail.includes('%%EOF')) {
    throw AppError.badRequest(field, mediaMessages.invalidPdf);
  }
  const key = newKey('docs', 'pdf');
  await storage.put(key, data, 'application/pdf');
  return key;
}

/** Removes a stored image with its renditions, or a document. */
export async function deleteMedia(storage: Storage, key: string): Promise<void> {
  const keys = key.endsWith('.webp')
    ? [key, ...IMAGE_WIDTHS.slice(0, -1).map((w) => variantKey(key, w))]
    : [key];
  await Promise.all(keys.map((k) => storage.delete(k)));
}
