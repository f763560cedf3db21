import { describe, expect, it } from 'vitest';
import { fileProblem, formatFileSize, IMAGE_MAX_BYTES, PDF_MAX_BYTES } from './file-checks';

const file = (type: string, size: number, name = 'a') => ({ type, size, name });

describe('fileProblem', () => {
  it('wants an image/* type for images, up to 5 MB', () => {
    expect(fileProblem('image', file('image/png', 1000))).toBeNull();
    expect(fileProblem('image', file('application/pdf', 1000))).toBe('Selecione uma imagem válida');
    expect(fileProblem('image', file('image/jpeg', IMAGE_MAX_BYTES + 1))).toBe(
      'A imagem deve ter no máximo 5 MB.',
    );
  });

  it('wants a PDF for documents, up to 20 MB', () => {
    expect(fileProblem('pdf', file('application/pdf', 1000))).toBeNull();
    expect(fileProblem('pdf', file('', 1000, 'termo.PDF'))).toBeNull();
    expect(fileProblem('pdf', file('image/png', 1000, 'x.png'))).toBe(
      'Selecione um arquivo PDF válido.',
    );
    expect(fileProblem('pdf', file('application/pdf', PDF_MAX_BYTES + 1))).toBe(
      'O PDF deve ter no máximo 20 MB.',
    );
  });
});

describe('formatFileSize', () => {
  it('speaks pt-BR', () => {
    expect(formatFileSize(1536 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(320 * 1024)).toBe('320 KB');
  });
});
