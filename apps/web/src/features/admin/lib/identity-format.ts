/** Letters and digits only, upper-cased (the alphanumeric CNPJ keeps its letters). */
function bare(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/**
 * CPF as 999.999.999-99, CNPJ as 99.999.999/9999-99 (letters kept for the alphanumeric CNPJ of
 * docs/product.md §12). Anything of another length is shown as it came; a missing value as '-'.
 */
export function formatCpfCnpj(value: string | null | undefined): string {
  if (!value) return '-';
  const v = bare(value);
  if (v.length === 11 && /^\d+$/.test(v)) {
    return `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`;
  }
  if (v.length === 14) {
    return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`;
  }
  return value;
}

/** Phone digits (country code included) as +55 (97) 9 9678-9012 or +55 (92) 3234-5678. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '-';
  const d = value.replace(/\D/g, '');
  if (d.length === 13)
    return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d[4]} ${d.slice(5, 9)}-${d.slice(9)}`;
  if (d.length === 12) return `+${d.slice(0, 2)} (${d.slice(2, 4)}) ${d.slice(4, 8)}-${d.slice(8)}`;
  return value;
}

/** 'Sim' or 'Não' (docs/product.md §2 Gestão de Acesso). */
export function yesNo(value: boolean): string {
  return value ? 'Sim' : 'Não';
}
