/**
 * The fields of an edit whose value differs from what is stored: edit forms send only changed
 * fields, and an edit that changes nothing is refused ('Nenhum campo foi alterado').
 */
export function changedFields<F extends string, B extends Partial<Record<F, unknown>>>(
  body: B,
  fields: readonly F[],
  stored: (field: F) => unknown,
): Partial<Pick<B, F>> {
  const changes: Partial<Pick<B, F>> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    const current = stored(field);
    const same =
      typeof value === 'bigint' || typeof current === 'bigint'
        ? String(value) === String(current)
        : value === current;
    if (!same) changes[field] = value;
  }
  return changes;
}
