/** Strips the mask characters a person may type and upper-cases CNPJ letters. */
export function normalizeCpfCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

function allSame(value: string): boolean {
  return /^(.)\1*$/.test(value);
}

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || allSame(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = mod11Digit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === digits[9] && second === digits[10];
}

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Numeric and alphanumeric CNPJ (Receita Federal, IN RFB 2.229/2024): each character counts as its ASCII code minus 48. */
export function isValidCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSame(cnpj)) return false;
  const values = [...cnpj].map((c) => c.charCodeAt(0) - 48);
  const first = mod11Digit(values.slice(0, 12), CNPJ_WEIGHTS.slice(1));
  const second = mod11Digit(values.slice(0, 13), CNPJ_WEIGHTS);
  return first === values[12] && second === values[13];
}

export function isValidCpfOrCnpj(value: string): boolean {
  return value.length === 11 ? isValidCpf(value) : isValidCnpj(value);
}

/** '67890123000116' → '67.890.123/0001-16' (alphanumeric CNPJs too); anything else as given. */
export function formatCnpj(value: string): string {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (raw.length !== 14) return value;
  return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
}

/** CPF as '123.456.789-09', CNPJ as formatCnpj; anything else as given, nothing as ''. */
export function formatCpfCnpj(value: string | null | undefined): string {
  if (!value) return '';
  const raw = normalizeCpfCnpj(value);
  if (/^\d{11}$/.test(raw))
    return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`;
  return formatCnpj(value);
}
