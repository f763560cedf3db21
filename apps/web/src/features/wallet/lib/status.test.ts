import { describe, expect, it } from 'vitest';
import { statusColor } from './status';

describe('statusColor', () => {
  it('follows docs/product.md §4 and tolerates case and spaces', () => {
    expect(statusColor('Em captação')).toBe('copaiba');
    expect(statusColor('100% Vendido')).toBe('red');
    expect(statusColor(' Concluído ')).toBe('gray');
    expect(statusColor('CAPTAÇÃO NÃO ATINGIDA')).toBe('orange');
    expect(statusColor('Outro')).toBe('blue');
  });
});
