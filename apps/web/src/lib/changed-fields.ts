/**
 * What an edit form sends (docs/product.md §5): only the fields whose value differs from what was loaded.
 * Text is compared trimmed (and through a per-field normaliser, e.g. digits of a phone), a chosen
 * file always counts, an unchosen one (null) never does, and flags count when they differ.
 */
export type FormFieldValue = string | number | boolean | Blob | null | undefined;

export function changedFields<K extends string>(
  initial: Partial<Record<K, FormFieldValue>>,
  current: Record<K, FormFieldValue>,
  normalize: Partial<Record<K, (value: string) => string>> = {},
): Partial<Record<K, FormFieldValue>> {
  const changes: Partial<Record<K, FormFieldValue>> = {};
  for (const key of Object.keys(current) as K[]) {
    const value = current[key];
    const before = initial[key];
    if (value instanceof Blob) {
      changes[key] = value;
      continue;
    }
    if (value === null || value === undefined) continue;
    if (typeof value === 'boolean') {
      if (value !== (before ?? false)) changes[key] = value;
      continue;
    }
    const norm = normalize[key] ?? ((v: string) => v);
    const now = norm(String(value).trim());
    const then =
      typeof before === 'string' || typeof before === 'number' ? norm(String(before).trim()) : '';
    if (now !== then) changes[key] = typeof value === 'string' ? value.trim() : value;
  }
  return changes;
}

/** True when an edit changes nothing: show 'Nenhum campo foi alterado' and call no API. */
export function nothingChanged(changes: Partial<Record<string, FormFieldValue>>): boolean {
  return Object.keys(changes).length === 0;
}
