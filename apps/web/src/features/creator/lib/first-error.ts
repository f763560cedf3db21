/**
 * The message of the first file field (in form order) that failed validation: missing files are
 * reported with docs/product.md §5's words as a toast too, since the field may be far down a long form.
 */
export function firstFileError(
  errors: Partial<Record<string, { message?: string } | undefined>>,
  fileFields: readonly string[],
): string | null {
  for (const field of fileFields) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return null;
}
