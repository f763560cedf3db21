/** A route parameter that must be a positive integer id; anything else is null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
