/**
 * Multipart bodies from plain values, skipping undefined and null: the forms that send files or
 * DRF-style posts (docs/product.md §7). Not in api-client.ts, which the first screen loads.
 */
export function toFormData(
  values: Record<string, string | Blob | number | boolean | null | undefined>,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    form.append(key, value instanceof Blob ? value : String(value));
  }
  return form;
}
