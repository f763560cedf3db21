import { open, seal } from './crypto-box.ts';
import { keyedHash, type Secrets } from './secrets.ts';

/**
 * Identity data at rest (docs/product.md §19, LGPD art. 46): CPF/CNPJ, birth dates and phones are
 * stored AES-256-GCM encrypted with a key derived from ENCRYPTION_KEY for this purpose only, and a
 * CPF/CNPJ also as an HMAC under another derived key, which keeps one account per CPF/CNPJ and
 * finds it without the cleartext. A value is opened only where it is shown.
 */
export interface IdentityBox {
  seal(value: string): string;
  open(sealed: string): string;
  /** A stored value or null, opened. */
  openOrNull(sealed: string | null): string | null;
  /** The look-up and uniqueness hash of a normalized CPF/CNPJ. */
  cpfCnpjHash(cpfCnpj: string): string;
}

export function createIdentityBox(
  secrets: Pick<Secrets, 'identityKey' | 'identityHashKey'>,
): IdentityBox {
  return {
    seal: (value) => seal(secrets.identityKey, value),
    open: (sealed) => open(secrets.identityKey, sealed),
    openOrNull: (sealed) => (sealed === null ? null : open(secrets.identityKey, sealed)),
    cpfCnpjHash: (cpfCnpj) => keyedHash(secrets.identityHashKey, `cpf_cnpj:${cpfCnpj}`),
  };
}

/** The user columns that hold a CPF/CNPJ and a birth date, sealed. */
export function sealedIdentity(
  box: IdentityBox,
  identity: { cpfCnpj: string | null; birthDate: string | null },
) {
  return {
    cpfCnpjEnc: identity.cpfCnpj === null ? null : box.seal(identity.cpfCnpj),
    cpfCnpjHash: identity.cpfCnpj === null ? null : box.cpfCnpjHash(identity.cpfCnpj),
    birthDateEnc: identity.birthDate === null ? null : box.seal(identity.birthDate),
  };
}

/**
 * A CPF shown in a list (docs/product.md §19): only the middle digits, `***.456.789-**`; a CNPJ
 * likewise, `**.345.678/0001-**`. The full value is for the audited detail.
 */
export function maskCpfCnpj(value: string | null): string | null {
  if (value === null) return null;
  if (value.length === 11) return `***.${value.slice(3, 6)}.${value.slice(6, 9)}-**`;
  if (value.length === 14)
    return `**.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-**`;
  return '***';
}
