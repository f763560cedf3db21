import { describe, expect, it } from 'vitest';
import { isEmail, isPixKeyComplete, pixKeyForApi } from './pix-key';

describe('pix keys', () => {
  it('sends phone as +55 and digits, CPF/CNPJ without punctuation', () => {
    expect(pixKeyForApi('keyPhone', '(11) 9 8765-4321')).toBe('+5511987654321');
    expect(pixKeyForApi('keyCPF', '123.456.789-09')).toBe('12345678909');
    expect(pixKeyForApi('keyCNPJ', '12.345.678/0001-95')).toBe('12345678000195');
    expect(pixKeyForApi('keyEmail', ' a@b.co ')).toBe('a@b.co');
  });
  it('knows a complete key', () => {
    expect(isPixKeyComplete('keyPhone', '(11) 9 8765-432')).toBe(false);
    expect(isPixKeyComplete('keyPhone', '(11) 9 8765-4321')).toBe(true);
    expect(isPixKeyComplete('keyCPF', '123.456.789-09')).toBe(true);
    expect(isPixKeyComplete('keyCNPJ', '12.345.678/0001')).toBe(false);
  });
  it('checks e-mails', () => {
    expect(isEmail('investidor@copaiba.dev')).toBe(true);
    expect(isEmail('investidor@copaiba')).toBe(false);
  });
});
