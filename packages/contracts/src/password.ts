/** Password rules of docs/product.md §5. Registration enforces length, digit and capital; reset also a symbol. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_SYMBOLS = '@#$%^&*-_=?:;,./|~';
export const REGISTER_SYMBOL_HINT = '@#$%&!?*';

export const passwordMessages = {
  minLength: 'Deve ter no mínimo 10 caracteres.',
  symbol: 'Deve conter pelo menos um símbolo especial.',
  digit: 'Deve conter pelo menos um número.',
  uppercase: 'Deve conter pelo menos uma letra maiúscula.',
  match: 'As senhas digitadas devem coincidir.',
  mismatchOnSubmit: 'Senhas não conferem.',
} as const;

export interface PasswordRule {
  key: keyof typeof passwordMessages;
  message: string;
  test: (password: string) => boolean;
}

const hasSymbol = (p: string) => [...p].some((c) => PASSWORD_SYMBOLS.includes(c));

export const registerPasswordRules: PasswordRule[] = [
  {
    key: 'minLength',
    message: passwordMessages.minLength,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { key: 'digit', message: passwordMessages.digit, test: (p) => /\d/.test(p) },
  { key: 'uppercase', message: passwordMessages.uppercase, test: (p) => /\p{Lu}/u.test(p) },
];

export const resetPasswordRules: PasswordRule[] = [
  registerPasswordRules[0]!,
  { key: 'symbol', message: passwordMessages.symbol, test: hasSymbol },
  registerPasswordRules[1]!,
  registerPasswordRules[2]!,
];
