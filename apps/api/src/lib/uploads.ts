import { z } from 'zod';
import { deleteMedia, mediaMessages, storeImage, storePdf } from './media.ts';
import type { Storage } from './storage/storage.ts';

/** A file from a multipart form, read whole (plugins/multipart.ts). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as UploadedFile).data) &&
    typeof (value as UploadedFile).filename === 'string'
  );
}

/** A multipart file part; a text value where a file belongs is the wrong kind of input. */
export const fileField = (missing: string, wrongKind: string) =>
  z.custom<UploadedFile>(isUploadedFile, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? missing : wrongKind),
  });

export const imageFile = (missing: string = mediaMessages.invalidImage) =>
  fileField(missing, mediaMessages.invalidImage);
export const pdfFile = (missing: string = mediaMessages.invalidPdf) =>
  fileField(missing, mediaMessages.invalidPdf);

export type FileKind = 'image' | 'pdf';

/**
 * Stores the files of one form, checking each by content. If any fails, those already stored are
 * removed; the caller removes them all (`discard`) when its database write fails.
 */
export async function storeUploads<K extends string>(
  storage: Storage,
  files: NoInfer<Partial<Record<K, UploadedFile>>>,
  kinds: Record<K, FileKind>,
): Promise<{ keys: Partial<Record<K, string>>; discard: () => Promise<void> }> {
  const keys: Partial<Record<K, string>> = {};
  const discard = async () => {
    const stored = Object.values<string | undefined>(keys).filter((k): k is string => !!k);
    await Promise.all(stored.map((k) => deleteMedia(storage, k)));
  };
  try {
    for (const field of Object.keys(kinds) as K[]) {
      const file = files[field];
      if (!file) continue;
      keys[field] =
        kinds[field] === 'pdf'
          ? await storePdf(storage, file.data, field)
          : await storeImage(storage, file.data, field);
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { keys, discard };
}

/** Runs a database write with the stored files; removes them if the write fails. */
export async function withUploads<T>(
  uploads: { discard: () => Promise<void> },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await uploads.discard();
    throw err;
  }
}

/** Old files replaced by an edit, removed once the edit is committed. */
export async function removeReplaced(
  storage: Storage,
  keys: Array<string | null | undefined>,
): Promise<void> {
  const present = keys.filter((k): k is string => !!k);
  await Promise.all(present.map((k) => deleteMedia(storage, k).catch(() => undefined)));
}
