import { workspaceMessages } from '@copaiba/contracts';
import { z } from 'zod';

/** Upload limits the server enforces (apps/api lib/media.ts), checked in the browser first. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** The server's words for the same refusals (apps/api lib/media.ts). */
export const fileMessages = {
  imageInvalid: workspaceMessages.imageInvalid,
  pdfInvalid: workspaceMessages.pdfInvalid,
  imageTooLarge: 'A imagem deve ter no máximo 5 MB.',
  pdfTooLarge: 'O PDF deve ter no máximo 20 MB.',
} as const;

export type FileKind = 'image' | 'pdf';

/** Why a chosen file cannot be sent, or null when it can. */
export function fileProblem(kind: FileKind, file: Pick<File, 'type' | 'size' | 'name'>) {
  if (kind === 'image') {
    if (!file.type.startsWith('image/')) return fileMessages.imageInvalid;
    if (file.size > IMAGE_MAX_BYTES) return fileMessages.imageTooLarge;
    return null;
  }
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksPdf) return fileMessages.pdfInvalid;
  if (file.size > PDF_MAX_BYTES) return fileMessages.pdfTooLarge;
  return null;
}

/** '1,4 MB' / '320 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(Math.round((bytes / (1024 * 1024)) * 10) / 10).toString().replace('.', ',')} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const isFile = (value: unknown): value is File =>
  typeof File !== 'undefined' && value instanceof File;

/**
 * A form's file field: a newly chosen File or null (nothing chosen). `missing` makes it required
 * unless a stored file already counts (edit mode: docs/product.md §5 'existing files count').
 */
export function fileSchema(
  kind: FileKind,
  options: { missing?: string; hasStored?: boolean } = {},
) {
  return z
    .custom<File | null>((v) => v === null || v === undefined || isFile(v))
    .superRefine((value, ctx) => {
      if (!value) {
        if (options.missing && !options.hasStored) {
          ctx.addIssue({ code: 'custom', message: options.missing });
        }
        return;
      }
      const problem = fileProblem(kind, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
