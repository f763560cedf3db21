import type { ReactMaskOpts } from 'react-imask';

/** Only what is typed: letters, digits. */
const raw = (value: string) => value.replace(/[^0-9A-Za-z]/g, '');

/**
 * CPF (999.999.999-99) while the value fits 11 digits; otherwise CNPJ (99.999.999/9999-99) whose
 * first 12 positions also take letters, for the alphanumeric CNPJ (docs/product.md §12, §14).
 */
export const CPF_CNPJ_MASK: ReactMaskOpts = {
  mask: [
    { mask: '000.000.000-00' },
    {
      mask: 'XX.XXX.XXX/XXXX-00',
      definitions: { X: /[0-9A-Za-z]/ },
      prepareChar: (ch: string) => ch.toUpperCase(),
    },
  ],
  dispatch: (appended, dynamicMasked) => {
    const value = raw(dynamicMasked.value + appended);
    return dynamicMasked.compiledMasks[value.length > 11 || /[A-Za-z]/.test(value) ? 1 : 0];
  },
};

/** A date typed as DD/MM/YYYY. */
export const BR_DATE_MASK: ReactMaskOpts = { mask: '00/00/0000' };

/** CNPJ 99.999.999/9999-99; the first 12 positions also take letters (alphanumeric CNPJ). */
export const CNPJ_MASK: ReactMaskOpts = {
  mask: 'XX.XXX.XXX/XXXX-00',
  definitions: { X: /[0-9A-Za-z]/ },
  prepareChar: (ch: string) => ch.toUpperCase(),
};

/** An international phone as docs/product.md §3 shows it: +99 (99) 9 9999-9999. */
export const PHONE_MASK: ReactMaskOpts = { mask: '+00 (00) 0 0000-0000' };
