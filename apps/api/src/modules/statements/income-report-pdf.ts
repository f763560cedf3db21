import {
  formatCnpj,
  formatCpfCnpj,
  isoToBrDate,
  saoPauloDateTime,
  type IncomeReport,
} from '@copaiba/contracts';
import { centsToPtBr, decimalToCentsOrZero } from '@copaiba/contracts/money';
import {
  createPdf,
  fieldList,
  footers,
  PDF_COLORS,
  pdfBytes,
  sectionTitle,
} from '../../lib/pdf/pdf-document.ts';
import { table, type PdfColumn } from '../../lib/pdf/pdf-table.ts';

/*
 * The 'Informe de Rendimentos' as a PDF (docs/product.md §17), drawn from the same answer the
 * page and GET wallet/income-report/{year}/ show, so the two can never disagree.
 */

const money = (decimal: string) => centsToPtBr(decimalToCentsOrZero(decimal));
const units = (n: number) => n.toLocaleString('pt-BR');

export async function incomeReportPdf(report: IncomeReport): Promise<Buffer> {
  const { year } = report;
  const generatedAt = new Date(report.generated_at);
  const startDate = `31/12/${year - 1}`;
  const endDate = isoToBrDate(report.position_date);
  const doc = await createPdf({
    title: `Informe de Rendimentos ${year} — Copaíba`,
    subject: `Informe de rendimentos do ano-calendário ${year}`,
    createdAt: generatedAt,
  });

  doc.font('bold').fontSize(18).fillColor(PDF_COLORS.brand).text('Informe de Rendimentos');
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(PDF_COLORS.text)
    .text(`Ano-calendário ${year}${report.complete ? '' : ` (parcial, até ${endDate})`}`);
  doc
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(`Emitido em ${saoPauloDateTime(generatedAt).replace(' ', ' às ')}`);

  sectionTitle(doc, 'Plataforma');
  fieldList(doc, [
    ['Nome', report.platform.name],
    ['CNPJ', formatCnpj(report.platform.cnpj)],
  ]);
  sectionTitle(doc, 'Investidor');
  fieldList(doc, [
    ['Nome', report.investor.name],
    ['CPF/CNPJ', formatCpfCnpj(report.investor.cpf_cnpj)],
  ]);

  const tokenCell = (t: IncomeReport['tokens'][number]) => `${t.name} (${t.symbol})`;
  const issuerCell = (t: IncomeReport['tokens'][number]) =>
    `${t.issuer_name}\nCNPJ ${formatCnpj(t.issuer_cnpj)}`;
  const number = (header: string, share: number): PdfColumn => ({
    header,
    share,
    align: 'right',
  });

  sectionTitle(doc, 'Bens e Direitos: situação em 31/12');
  table(
    doc,
    [
      { header: 'Token', share: 0.2 },
      { header: 'Emissor', share: 0.24 },
      number(`Unidades em ${startDate}`, 0.1),
      number(`Custo em ${startDate} (R$)`, 0.18),
      number(`Unidades em ${endDate}`, 0.1),
      number(`Custo em ${endDate} (R$)`, 0.18),
    ],
    [
      ...report.tokens.map((t) => ({
        cells: [
          tokenCell(t),
          issuerCell(t),
          units(t.units_start),
          money(t.cost_start),
          units(t.units_end),
          money(t.cost_end),
        ],
      })),
      {
        cells: [
          'Total',
          '',
          '',
          money(report.totals.cost_start),
          '',
          money(report.totals.cost_end),
        ],
        emphasis: true,
      },
    ],
  );

  sectionTitle(doc, `Rendimentos e movimentações em ${year}`);
  table(
    doc,
    [
      { header: 'Token', share: 0.2 },
      number('Aplicações (R$)', 0.13),
      number('Amortização recebida (R$)', 0.14),
      number('Rendimentos recebidos (R$)', 0.14),
      number('IR retido na fonte (R$)', 0.13),
      number('Reembolsos (R$)', 0.13),
      number('Desistências (R$)', 0.13),
    ],
    [
      ...report.tokens.map((t) => ({
        cells: [
          tokenCell(t),
          money(t.purchases),
          money(t.amortization),
          money(t.income),
          money(t.ir_withheld),
          money(t.refunds),
          money(t.desistencias),
        ],
      })),
      {
        cells: [
          'Total',
          money(report.totals.purchases),
          money(report.totals.amortization),
          money(report.totals.income),
          money(report.totals.ir_withheld),
          money(report.totals.refunds),
          money(report.totals.desistencias),
        ],
        emphasis: true,
      },
    ],
  );

  const sold = report.tokens.filter((t) => decimalToCentsOrZero(t.sales) > 0n);
  if (sold.length > 0) {
    const result = (f: Pick<IncomeReport['totals'], 'sales' | 'sales_cost'>) =>
      centsToPtBr(decimalToCentsOrZero(f.sales) - decimalToCentsOrZero(f.sales_cost));
    sectionTitle(doc, `Vendas no Mural de Negociação em ${year}`);
    table(
      doc,
      [
        { header: 'Token', share: 0.31 },
        number('Valor recebido (R$)', 0.23),
        number('Custo das unidades vendidas (R$)', 0.23),
        number('Resultado (R$)', 0.23),
      ],
      [
        ...sold.map((t) => ({
          cells: [tokenCell(t), money(t.sales), money(t.sales_cost), result(t)],
        })),
        {
          cells: [
            'Total',
            money(report.totals.sales),
            money(report.totals.sales_cost),
            result(report.totals),
          ],
          emphasis: true,
        },
      ],
    );
  }

  sectionTitle(doc, 'Como ler este informe');
  doc.fontSize(9).fillColor(PDF_COLORS.text);
  const notes = [
    'Custo: o valor pago pelas unidades (no Mural de Negociação, com a tarifa), menos o que voltou à carteira como reembolso, desistência ou amortização e menos o custo das unidades vendidas no Mural (o custo médio delas). É o valor a informar em Bens e Direitos.',
    'Aplicações incluem as compras no Mural de Negociação. Nas vendas no Mural, o resultado é o valor recebido menos o custo das unidades vendidas.',
    'Cada parcela recebida divide-se em amortização (preço unitário ÷ número de parcelas, por unidade; a última parcela absorve o arredondamento) e rendimento (o restante).',
    'A Copaíba não reteve imposto de renda na fonte sobre estes valores. A classificação dos rendimentos na declaração segue as instruções da Receita Federal para o ano-calendário.',
    'Cada movimento conta no ano da data em que chegou ou saiu da carteira, no horário de São Paulo. Os valores conferem, centavo a centavo, com o extrato da carteira.',
  ];
  for (const note of notes) doc.text(`•  ${note}`, { paragraphGap: 4 });

  footers(
    doc,
    `${report.platform.name} · CNPJ ${formatCnpj(report.platform.cnpj)} · Informe de Rendimentos ${year}`,
  );
  return pdfBytes(doc);
}
