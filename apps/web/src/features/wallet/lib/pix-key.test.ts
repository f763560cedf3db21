import { describe, expect, it } from 'vitest';
import { isEmail, isPixKeyComplete, pixKeyForApi } from './pix-key';

describe('pix keys', () => {
  it('sends phone as +55 and digits, CPF/CNPJ without punctuation', () => {
    expect(pixKeyForApi('keyPhone', '(11) 9 8765-4321')).toBe('+5511987654321');
    expect(pixKeyForApi('keyCPF', '123.456.789-09')).toBe('12345678909');
    expect(pixKeyForApi('keyCNPJ', '12.345.678/0001-95')).toBe('12345678000195');
    expect(pixKeyForApi('keyEmail', ' a@b.co ')).toBe('a@b.co');
  });
  it('takes a random key with its hyphens (36 characters) or without (32) and sends it hyphenated', () => {
    const hyphenated = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
    expect(pixKeyForApi('keyRandom', hyphenated)).toBe(hyphenated);
    expect(pixKeyForApi('keyRandom', ' 7D9F03358DCC40549BF90DBD61D36906 ')).toBe(hyphenated);
    expect(isPixKeyComplete('keyRandom', hyphenated)).toBe(true);
    expect(isPixKeyComplete('keyRandom', '7d9f03358dcc40549bf90dbd61d36906')).toBe(true);
    // The seed's old 33-character cut, and a key that is not hexadecimal.
    expect(isPixKeyComplete('keyRandom', hyphenated.slice(0, 33))).toBe(false);
    expect(isPixKeyComplete('keyRandom', 'zd9f0335-8dcc-4054-9bf9-0dbd61d36906')).toBe(false);
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
