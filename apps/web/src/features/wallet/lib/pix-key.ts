import { hyphenatedRandomPixKey } from '@copaiba/contracts';
import type { ReactMaskOpts } from 'react-imask';

export const PIX_KEY_TYPES = [
  { value: 'keyPhone', label: 'Telefone' },
  { value: 'keyCPF', label: 'CPF' },
  { value: 'keyCNPJ', label: 'CNPJ' },
  { value: 'keyEmail', label: 'E-mail' },
  { value: 'keyRandom', label: 'Chave aleatória' },
] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]['value'];

/** IMask options per key type (docs/product.md §5); e-mail and random keys are unmasked. */
export const PIX_KEY_MASKS: Record<'keyPhone' | 'keyCPF' | 'keyCNPJ', ReactMaskOpts> = {
  keyPhone: { mask: '(00) 0 0000-0000' },
  keyCPF: { mask: '000.000.000-00' },
  keyCNPJ: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (ch: string) => ch.toUpperCase(),
  },
};

export function isMaskedKeyType(type: PixKeyType): type is keyof typeof PIX_KEY_MASKS {
  return type in PIX_KEY_MASKS;
}

export function pixKeyTypeLabel(type: string): string {
  return PIX_KEY_TYPES.find((t) => t.value === type)?.label ?? type;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * The key as the API takes it: phone '+55' + digits, CPF/CNPJ without punctuation, a random key
 * (typed with or without its hyphens) hyphenated.
 */
export function pixKeyForApi(type: PixKeyType, value: string): string {
  switch (type) {
    case 'keyPhone':
      return `+55${value.replace(/\D/g, '')}`;
    case 'keyCPF':
      return value.replace(/\D/g, '');
    case 'keyCNPJ':
      return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    case 'keyRandom':
      return hyphenatedRandomPixKey(value) ?? value.trim();
    default:
      return value.trim();
  }
}

/** True when the masked key holds every position its type needs. */
export function isPixKeyComplete(type: PixKeyType, value: string): boolean {
  switch (type) {
    case 'keyPhone':
      return value.replace(/\D/g, '').length === 11;
    case 'keyCPF':
      return value.replace(/\D/g, '').length === 11;
    case 'keyCNPJ':
      return value.replace(/[^0-9A-Za-z]/g, '').length === 14;
    case 'keyRandom':
      return hyphenatedRandomPixKey(value) !== null;
    default:
      return value.trim().length > 0;
  }
}
