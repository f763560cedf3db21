import { describe, expect, it } from 'vitest';
import { pageCount } from './token-pages';

describe('pageCount', () => {
  it('counts full and partial pages, at least one', () => {
    expect(pageCount(0, 3)).toBe(1);
    expect(pageCount(3, 3)).toBe(1);
    expect(pageCount(4, 3)).toBe(2);
    expect(pageCount(10, 3)).toBe(4);
    expect(pageCount(6, 4)).toBe(2);
  });
});
