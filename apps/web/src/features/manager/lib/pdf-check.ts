/** The server's limit for a PDF (apps/api media: 'O PDF deve ter no máximo 20 MB.'). */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

export const pdfMessages = {
  notPdf: 'Selecione um arquivo PDF.',
  tooLarge: 'O PDF deve ter no máximo 20 MB.',
  empty: 'O arquivo está vazio.',
} as const;

/** Checked on the client before sending; the server checks the content again. */
export function pdfProblem(file: Pick<File, 'name' | 'type' | 'size'> | null): string | null {
  if (!file) return null;
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!looksPdf) return pdfMessages.notPdf;
  if (file.size === 0) return pdfMessages.empty;
  if (file.size > PDF_MAX_BYTES) return pdfMessages.tooLarge;
  return null;
}

/** 'relatorio.pdf · 1,2 MB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}
