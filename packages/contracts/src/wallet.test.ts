import { describe, expect, it } from 'vitest';
import { hyphenatedRandomPixKey, pixKeyField, RANDOM_PIX_KEY_LENGTH } from './wallet.ts';

describe('Pix keys (docs/product.md §5)', () => {
  const uuid = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

  it.each([
    ['e-mail', 'ana@example.com'],
    ['phone', '+5511987654321'],
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
    ['random, hyphenated', uuid],
    ['random, 32 digits', uuid.replace(/-/g, '')],
  ])('takes a %s key', (_kind, key) => {
    expect(pixKeyField.safeParse(key).success).toBe(true);
  });

  it('refuses a random key cut short', () => {
    expect(pixKeyField.safeParse(uuid.slice(0, 33)).success).toBe(false);
  });

  it('writes a random key hyphenated and lower-case, 36 characters', () => {
    expect(hyphenatedRandomPixKey(uuid.replace(/-/g, '').toUpperCase())).toBe(uuid);
    expect(hyphenatedRandomPixKey(` ${uuid} `)).toBe(uuid);
    expect(hyphenatedRandomPixKey(uuid)).toHaveLength(RANDOM_PIX_KEY_LENGTH);
    expect(hyphenatedRandomPixKey('ana@example.com')).toBeNull();
  });
});
