export interface Figure {
  name: string;
  /** What was measured, in `unit`. */
  value: number;
  unit: string;
  /** The reference it is a ratio of, when it has one. */
  reference?: { name: string; value: number };
  ratio?: number;
  /** Human-readable target, e.g. "≥ 0.5 × hello-world, p99 ≤ 20 ms". */
  target: string;
  met: boolean;
  note?: string;
}

const fmt = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2);

export function markdownTable(figures: Figure[]): string {
  const lines = [
    '| figure | measured | reference | ratio | target | met |',
    '|---|---:|---:|---:|---|:-:|',
    ...figures.map((f) =>
      [
        '',
        f.name,
        `${fmt(f.value)} ${f.unit}`,
        f.reference ? `${f.reference.name}: ${fmt(f.reference.value)}` : '—',
        f.ratio === undefined ? '—' : f.ratio.toFixed(2),
        f.target,
        f.met ? 'yes' : '**no**',
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ];
  return lines.join('\n');
}
