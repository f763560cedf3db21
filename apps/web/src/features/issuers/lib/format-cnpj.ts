/** '67890123000116' → '67.890.123/0001-16' (docs/product.md §3 mask; alphanumeric CNPJs too). Else as given. */
export function formatCnpj(value: string): string {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (raw.length !== 14) return value;
  return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`;
}
