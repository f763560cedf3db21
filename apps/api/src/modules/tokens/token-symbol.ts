/** A symbol from a token's name (docs/product.md §14): letters and digits, upper case, 2–8 long, unique. */
export function symbolStem(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0 && !['DA', 'DE', 'DO', 'DAS', 'DOS', 'E'].includes(w));
  const [first = 'TK', ...rest] = words;
  const stem = (first.slice(0, 4) + rest.map((w) => w[0]).join('')).slice(0, 6);
  return stem.length >= 2 ? stem : `${stem}TK`.slice(0, 2);
}

/** The stem itself, or the stem with the smallest number that makes it unique. */
export function uniqueSymbol(stem: string, taken: Set<string>): string {
  if (!taken.has(stem)) return stem;
  for (let n = 2; n < 100; n++) {
    const candidate = `${stem.slice(0, 8 - String(n).length)}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
  throw new Error(`no free symbol for ${stem}`);
}
