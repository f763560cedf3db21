import { describe, expect, it } from 'vitest';
import { createPdf, fieldList, footers, pdfBytes, sectionTitle } from './pdf-document.ts';
import { table } from './pdf-table.ts';
import { pdfFonts, pdfText } from '../../testing/pdf-text.ts';

describe('PDF building blocks', () => {
  it('embeds Inter, so accented text renders and is extracted back as written', async () => {
    const doc = await createPdf({
      title: 'Teste de acentuação',
      subject: 'Teste',
      createdAt: new Date('2026-01-02T12:00:00Z'),
    });
    sectionTitle(doc, 'Informações do Investidor');
    fieldList(doc, [
      ['Nome', 'João Açaí Gonçalves'],
      ['Saldo', 'R$ 1.234,56'],
    ]);
    const bytes = await pdfBytes(doc);

    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Informações do Investidor');
    expect(text).toMatch(/Nome: João Açaí Gonçalves/);
    expect(text).toMatch(/Saldo: R\$ 1\.234,56/);
    const fonts = await pdfFonts(bytes);
    expect(fonts.length).toBeGreaterThan(0);
    // Every font is embedded and maps back to Unicode: no reader substitutes one of its own.
    expect(fonts.every((f) => f.embedded && f.unicode && /Inter/.test(f.name))).toBe(true);
  });

  it('carries a long table over pages with its header on each, and numbers the pages', async () => {
    const doc = await createPdf({ title: 'Tabela', subject: 'Teste', createdAt: new Date() });
    const rows = Array.from({ length: 120 }, (_, i) => ({
      cells: [`Linha ${i + 1}`, `${i},00`],
    }));
    table(
      doc,
      [
        { header: 'Descrição', share: 0.7 },
        { header: 'Valor (R$)', share: 0.3, align: 'right' },
      ],
      [...rows, { cells: ['Total', '7.140,00'], emphasis: true }],
    );
    footers(doc, 'Rodapé de teste');
    const text = await pdfText(await pdfBytes(doc));
    const pages = text.split('\f').filter((p) => p.trim());

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Descrição\s+Valor \(R\$\)/);
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(page).toContain('Rodapé de teste');
    });
    for (let i = 1; i <= 120; i++) expect(text).toMatch(new RegExp(`Linha ${i}\\s`));
    expect(text).toMatch(/Total\s+7\.140,00/);
  });
});
