import { formatCpfCnpj, isoToBrDate, todayInSaoPaulo } from '@copaiba/contracts';
import { centsToPtBr } from '@copaiba/contracts/money';
import type { WalletMovement } from '../ledger/ledger.ts';
import type { TokenWithIssuer } from '../tokens/tokens.service.ts';
import { OPERATION_NAMES } from '../wallet/holdings-presenter.ts';

/*
 * The statement as Brazilian banks export it (docs/product.md §17): UTF-8 with a BOM and `;`
 * between fields, so a double click opens it in Excel set to pt-BR with accents and columns
 * right; dates dd/MM/yyyy in São Paulo; amounts 1.234,56, negative when money left the wallet;
 * the balance after each movement. Fields are quoted as RFC 4180 says, and text that a
 * spreadsheet would run as a formula is neutralised (docs/DECISIONS.md "Statements").
 */

export const CSV_HEADER = ['Data', 'Tipo', 'Descrição', 'Valor (R$)', 'Saldo (R$)'] as const;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection), full-width too. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell: a formula start is defused with a leading apostrophe; quoted when it must be. */
export function textCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) || text !== value ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (cells: readonly string[]) => cells.join(';');

const units = (quantity: number | null) => {
  const n = quantity ?? 0;
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`;
};

type Describe = (m: WalletMovement, token: TokenWithIssuer | undefined) => string;
const named = (token: TokenWithIssuer | undefined) =>
  token ? `${token.token.name} (${token.token.symbol})` : 'token';

/** What each movement was, in words. */
const DESCRIPTIONS: Record<WalletMovement['kind'], Describe> = {
  deposit: () => 'Depósito via Pix',
  withdrawal: () => 'Saque via Pix',
  withdrawal_reversal: () => 'Estorno de saque não concluído',
  purchase: (m, t) => `Compra de ${units(m.quantity)} de ${named(t)}`,
  refund: (m, t) => `Reembolso de ${units(m.quantity)} de ${named(t)}: captação não atingida`,
  desistencia: (m, t) => `Desistência da compra de ${units(m.quantity)} de ${named(t)}`,
  remuneration: (m, t) =>
    `Parcela ${m.reference ?? '?'} de ${t?.token.installments ?? '?'} de ${named(t)} (${units(m.quantity)})`,
  offer_settlement: (_, t) => `Liquidação da oferta de ${named(t)}`,
  market_purchase: (m, t) =>
    `Compra no Mural de Negociação de ${units(m.quantity)} de ${named(t)} (negócio ${m.reference ?? '?'})`,
  market_sale: (m, t) =>
    `Venda no Mural de Negociação de ${units(m.quantity)} de ${named(t)} (negócio ${m.reference ?? '?'})`,
  market_fee: (m, t) =>
    `Tarifa da compra no Mural de Negociação de ${named(t)} (negócio ${m.reference ?? '?'})`,
};

export interface StatementCsvInput {
  investor: { name: string; cpfCnpj: string | null };
  from: string;
  to: string;
  /** The balance before `from`. */
  openingCents: bigint;
  /** The movements of the period, in the order they were applied. */
  movements: readonly WalletMovement[];
  tokens: ReadonlyMap<number, TokenWithIssuer>;
}

/** The file's text, BOM first, lines ending in CRLF. */
export function statementCsv(input: StatementCsvInput): string {
  let balance = input.openingCents;
  const lines = [
    row([textCell('Copaíba — Extrato de movimentações da carteira')]),
    row(['Nome', textCell(input.investor.name)]),
    row(['CPF/CNPJ', textCell(formatCpfCnpj(input.investor.cpfCnpj))]),
    row(['Período', `${isoToBrDate(input.from)} a ${isoToBrDate(input.to)}`]),
    row(['Saldo anterior (R$)', centsToPtBr(input.openingCents)]),
    '',
    row(CSV_HEADER.map(textCell)),
  ];
  for (const movement of input.movements) {
    balance += movement.amountCents;
    const token = movement.tokenId === null ? undefined : input.tokens.get(movement.tokenId);
    lines.push(
      row([
        isoToBrDate(todayInSaoPaulo(movement.createdAt)),
        textCell(OPERATION_NAMES[movement.kind]),
        textCell(DESCRIPTIONS[movement.kind](movement, token)),
        centsToPtBr(movement.amountCents),
        centsToPtBr(balance),
      ]),
    );
  }
  return BOM + lines.join(CRLF) + CRLF;
}
