import { decimalToCentsOrZero } from '@copaiba/contracts/money';

/**
 * For tests: a CSV read back as a spreadsheet would (RFC 4180 with `;` between fields): quoted
 * fields may hold separators, doubled quotes and line breaks; rows end in CRLF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A pt-BR amount as the file writes it ("-1.234,56") → centavos. */
export const ptBrToCents = (text: string) =>
  decimalToCentsOrZero(text.replace(/\./g, '').replace(',', '.'));
