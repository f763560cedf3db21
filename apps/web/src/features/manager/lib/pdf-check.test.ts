import { describe, expect, it } from 'vitest';
import { fileSize, PDF_MAX_BYTES, pdfMessages, pdfProblem } from './pdf-check';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('pdfProblem', () => {
  it('accepts a PDF up to 20 MB', () => {
    expect(pdfProblem(file('relatorio.pdf', 'application/pdf', 1000))).toBeNull();
    expect(pdfProblem(file('RELATORIO.PDF', '', PDF_MAX_BYTES))).toBeNull();
    expect(pdfProblem(null)).toBeNull();
  });

  it('refuses other types, empty and larger files', () => {
    expect(pdfProblem(file('foto.png', 'image/png', 1000))).toBe(pdfMessages.notPdf);
    expect(pdfProblem(file('vazio.pdf', 'application/pdf', 0))).toBe(pdfMessages.empty);
    expect(pdfProblem(file('grande.pdf', 'application/pdf', PDF_MAX_BYTES + 1))).toBe(
      pdfMessages.tooLarge,
    );
  });
});

describe('fileSize', () => {
  it('reads in pt-BR', () => {
    expect(fileSize(500)).toBe('500 B');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });
});
