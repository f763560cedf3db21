import { z } from 'zod';
import { mustAccept, requiredOrInvalid } from './fields.ts';
import { decimalToCents } from './money.ts';

export const MINIMUM_DEPOSIT_CENTS = 25_00n;
export const MINIMUM_WITHDRAWAL_CENTS = 25_00n;

export const walletMessages = {
  depositNotAllowed: 'Valor de depósito não permitido',
  depositMinimum: 'Valor mínimo de depósito é de R$ 25,00',
  depositAgreements: 'Você precisa concordar com as regras de depósito',
} as const;

/** docs/product.md §3 'Wallet balance (brlt)'. */
export const walletBalance = z.object({
  balance: z.string(),
  total_token_balance: z.string(),
  maximum_withdrawal_limit: z.string(),
  withdrawal_to_use: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** docs/product.md §3 'Deposit limit'. */
export const depositLimit = z.object({
  deposit_in_the_month: z.string(),
  deposit_to_use: z.string(),
});
export type DepositLimit = z.infer<typeof depositLimit>;

/** An amount typed with comma or dot ("150,00", "150.5") → centavos; the deposit's own rules come after. */
export const depositValue = z
  .union([z.string({ error: requiredOrInvalid }), z.number({ error: requiredOrInvalid })])
  .transform((v, ctx) => {
    const cents = decimalToCents(String(v));
    if (cents === null || cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: walletMessages.depositNotAllowed });
      return z.NEVER;
    }
    return cents;
  })
  .refine((c) => c >= MINIMUM_DEPOSIT_CENTS, walletMessages.depositMinimum);

export const depositBody = z.object({
  value: depositValue,
  agreements_accepted: mustAccept(walletMessages.depositAgreements),
});

export const depositResponse = z.object({
  /** The copia-e-cola text (BR Code). */
  qrcode: z.string(),
  /** PNG data URL of the QR code. */
  qrcode_image: z.string(),
  txid: z.string(),
  value: z.string(),
  expires_at: z.string(),
});
export type DepositResponse = z.infer<typeof depositResponse>;

/** The PSP's confirmation (API Pix standard). */
export const pixWebhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/),
        txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/),
        valor: z.string().regex(/^\d{1,13}\.\d{2}$/),
        horario: z.string().max(40),
      }),
    )
    .min(1)
    .max(100),
});
export type PixWebhookBody = z.infer<typeof pixWebhookBody>;

export const sandboxPayBody = z.object({
  txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido.'),
});

export const buyMessages = {
  insufficient: 'Saldo insuficiente para realizar a compra. Por favor, deposite mais fundos.',
  quantityMinimum: 'Informe uma quantidade de pelo menos 1.',
  notFunding: 'Este token não está em captação.',
  bought: 'Compra realizada com sucesso!',
} as const;

export const buyBody = z.object({
  quantity: z.coerce
    .number({ error: buyMessages.quantityMinimum })
    .int(buyMessages.quantityMinimum)
    .min(1, buyMessages.quantityMinimum)
    .max(100_000_000, buyMessages.quantityMinimum),
});

export const buyResponse = z.object({
  message: z.string(),
  token_id: z.number(),
  quantity: z.number(),
  total: z.string(),
});
export type BuyResponse = z.infer<typeof buyResponse>;

/** docs/product.md §3 'Statement row'. `balance` is the operation's amount, negative when money left the wallet. */
export const statementRow = z.object({
  id: z.number(),
  type_operation: z.string(),
  name_token: z.string().nullable(),
  quantity: z.number().nullable(),
  balance: z.string(),
  datetime: z.string(),
  scan_hash_transaction: z.string().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

/** docs/product.md §3 'Owned token row'. */
export const ownedToken = z.object({
  id: z.number(),
  name: z.string(),
  symbol: z.string(),
  quantity: z.number(),
  remuneration: z.string(),
  effective_value: z.string(),
  installment_number: z.number().nullable(),
  next_payment: z.string().nullable(),
  status_token: z.string(),
  /** Units listed on the secondary board and not sold yet (docs/product.md §18). */
  quantity_listed: z.number(),
  /** Whether units of it can be listed on the board: the offer distributes. */
  can_sell: z.boolean(),
});
export type OwnedToken = z.infer<typeof ownedToken>;

export const withdrawMessages = {
  code: 'Preencha o código de autenticação do saque!',
  minimum: 'Valor mínimo para saque é de R$ 25,00',
  aboveBalance: 'Valor de saque ultrapassa o disponível da carteira',
  aboveMonthly: 'Valor de saque ultrapassa o máximo permitido para o mês',
  keyInvalid: 'Chave Pix inválida.',
  needsTwoFactor: 'Ative a autenticação de dois fatores para sacar.',
  codeInvalid: 'Código de autenticação inválido ou já usado.',
  requested: 'Saque solicitado! O valor será enviado para a sua chave Pix.',
  valueInvalid: 'Informe um valor de saque válido.',
} as const;

/** A random Pix key (EVP) is a UUID: 36 characters with its hyphens, 32 hex digits without. */
const RANDOM_PIX_KEY = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
export const RANDOM_PIX_KEY_LENGTH = 36;

/** A random Pix key in its usual form, hyphenated and lower-case; null when it is not one. */
export function hyphenatedRandomPixKey(value: string): string | null {
  const key = value.trim();
  if (!RANDOM_PIX_KEY.test(key)) return null;
  const hex = key.replace(/-/g, '').toLowerCase();
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

const PIX_KEY_PATTERNS = [
  /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/, // e-mail
  /^\+?\d{10,13}$/, // phone (with or without +55) or CPF
  /^[0-9A-Z]{12}\d{2}$/, // CNPJ (alphanumeric since 2026)
  RANDOM_PIX_KEY,
];

export const pixKeyField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(77, withdrawMessages.keyInvalid)
  .refine((v) => PIX_KEY_PATTERNS.some((p) => p.test(v)), withdrawMessages.keyInvalid);

export const withdrawBody = z.object({
  token: z.string({ error: withdrawMessages.code }).regex(/^\d{6}$/, withdrawMessages.code),
  value: z
    .union([z.string({ error: requiredOrInvalid }), z.number({ error: requiredOrInvalid })])
    .transform((v, ctx) => {
      const cents = decimalToCents(String(v));
      if (cents === null || cents <= 0n) {
        ctx.addIssue({ code: 'custom', message: withdrawMessages.valueInvalid });
        return z.NEVER;
      }
      return cents;
    })
    .refine((c) => c >= MINIMUM_WITHDRAWAL_CENTS, withdrawMessages.minimum),
  key_pix: pixKeyField,
});
