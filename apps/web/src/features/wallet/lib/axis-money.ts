import { formatDecimal } from '@/lib/format';

/**
 * An axis label: 'R$ 12 mil', 'R$ 1,5 mil', 'R$ 800'. With lib/format's string arithmetic: a
 * locale formatter built per label took 122 ms of a /wallet profile at CPU ×4 (docs/PERFORMANCE.md).
 */
export function axisMoney(reais: number): string {
  if (reais >= 1000) {
    const tenths = Math.round(reais / 100);
    return `R$ ${formatDecimal(tenths / 10, tenths % 10 === 0 ? 0 : 1)} mil`;
  }
  return `R$ ${formatDecimal(Math.round(reais), 0)}`;
}
