import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../testing/csv.ts';
import type { WalletMovement } from '../ledger/ledger.ts';
import type { TokenWithIssuer } from '../tokens/tokens.service.ts';
import { CSV_HEADER, statementCsv, textCell } from './statement-csv.ts';

const at = (iso: string) => new Date(iso);
const movement = (m: Partial<WalletMovement> & Pick<WalletMovement, 'kind' | 'amountCents'>) => ({
  id: 1,
  tokenId: null,
  quantity: null,
  reference: null,
  createdAt: at('2026-03-10T15:00:00Z'),
  ...m,
});

describe('CSV cells (OWASP CSV injection, RFC 4180)', () => {
  it.each([
    ['=HYPERLINK("https://x.example";"Clique")', `"'=HYPERLINK(""https://x.example"";""Clique"")"`],
    ['+5511999999999', `"'+5511999999999"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['＝1+1', `"'＝1+1"`],
  ])('defuses a formula start: %j', (value, cell) => {
    expect(textCell(value)).toBe(cell);
  });

  it('quotes a separator, a quote or a line break, and leaves plain text alone', () => {
    expect(textCell('Castanha; lote 1')).toBe('"Castanha; lote 1"');
    expect(textCell('Safra "2027"')).toBe('"Safra ""2027"""');
    expect(textCell('duas\nlinhas')).toBe('"duas\nlinhas"');
    expect(textCell('Açaí do Marajó (ACAI)')).toBe('Açaí do Marajó (ACAI)');
    expect(textCell('1+1=2')).toBe('1+1=2');
  });
});

describe('the statement file', () => {
  const token = {
    token: { id: 7, name: '=1+1 "Castanha"; lote', symbol: 'CAST', installments: 6 },
  } as unknown as TokenWithIssuer;

  it('opens with the BOM and a preamble, and reads back row by row with a running balance', () => {
    const text = statementCsv({
      investor: { name: '@Maria; "Silva"', cpfCnpj: '52998224725' },
      from: '2026-01-01',
      to: '2026-12-31',
      openingCents: 1_000_00n,
      movements: [
        movement({ kind: 'deposit', amountCents: 123_456_78n }),
        movement({
          id: 2,
          kind: 'purchase',
          amountCents: -1_500_00n,
          tokenId: 7,
          quantity: 15,
          // 23:30 in São Paulo is already the next day in UTC: the file shows São Paulo's date.
          createdAt: at('2026-12-31T23:30:00-03:00'),
        }),
        movement({
          id: 3,
          kind: 'remuneration',
          amountCents: 27_49n,
          tokenId: 7,
          quantity: 15,
          reference: '2',
        }),
      ],
      tokens: new Map([[7, token]]),
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows.slice(0, 5)).toEqual([
      ['Copaíba — Extrato de movimentações da carteira'],
      ['Nome', `'@Maria; "Silva"`],
      ['CPF/CNPJ', '529.982.247-25'],
      ['Período', '01/01/2026 a 31/12/2026'],
      ['Saldo anterior (R$)', '1.000,00'],
    ]);
    const header = rows.findIndex((r) => r[0] === 'Data');
    expect(rows[header]).toEqual([...CSV_HEADER]);
    expect(rows.slice(header + 1)).toEqual([
      ['10/03/2026', 'Depósito', 'Depósito via Pix', '123.456,78', '124.456,78'],
      [
        '31/12/2026',
        'Compra',
        'Compra de 15 unidades de =1+1 "Castanha"; lote (CAST)',
        '-1.500,00',
        '122.956,78',
      ],
      [
        '10/03/2026',
        'Remuneração',
        'Parcela 2 de 6 de =1+1 "Castanha"; lote (CAST) (15 unidades)',
        '27,49',
        '122.984,27',
      ],
    ]);
  });
});
