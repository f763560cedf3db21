import { z } from 'zod';
import { REQUIRED, requiredOrInvalid, tooLong } from './fields.ts';
import { consentRow } from './investor.ts';

/** LGPD art. 18: the data a person may take with them, and closing the account. */
export const privacyMessages = {
  passwordWrong: 'Senha incorreta.',
  codeRequired: 'Preencha o código de autenticação.',
  codeInvalid: 'Código de autenticação inválido ou já usado.',
  balanceNotZero: 'Saque todo o saldo antes de encerrar a conta.',
  withdrawalPending:
    'Há um saque em processamento. Aguarde a conclusão do saque antes de encerrar a conta.',
  chargePending:
    'Há uma cobrança Pix de depósito em aberto. Aguarde o vencimento dela antes de encerrar a conta.',
  investmentRunning:
    'Você possui tokens de ofertas ainda em andamento: o contrato de investimento só termina depois da captação e do pagamento de todas as parcelas. A conta poderá ser encerrada quando ele terminar.',
  issuerWithTokens:
    'Você é responsável por um emissor com tokens emitidos: os contratos com os investidores continuam valendo. Fale com o suporte para encerrar a conta.',
  closed: 'Conta encerrada. Seus dados pessoais foram anonimizados.',
} as const;

/** The file name the data export is downloaded as. */
export const DATA_EXPORT_FILENAME = 'copaiba-meus-dados.json';

const PASSWORD_MAX = 128;

/** POST /api/user/close-account/: the password, and a fresh TOTP code when two-factor is on. */
export const closeAccountBody = z.object({
  password: z
    .string({ error: requiredOrInvalid })
    .min(1, REQUIRED)
    .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
  token: z
    .string({ error: privacyMessages.codeRequired })
    .regex(/^\d{6}$/, privacyMessages.codeRequired)
    .optional(),
});
export type CloseAccountBody = z.input<typeof closeAccountBody>;

const money = z.string();
const timestamp = z.string();

/** GET /api/user/data-export/: everything stored about the person, never a secret. */
export const dataExport = z.object({
  exported_at: timestamp,
  profile: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    cpf_cnpj: z.string().nullable(),
    birth_date: z.string().nullable(),
    is_confirmed_email: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  roles: z.object({
    is_admin: z.boolean(),
    is_token_creator: z.boolean(),
    is_project_manager: z.boolean(),
    intention_token_creator: z.boolean(),
    intention_project_manager: z.boolean(),
  }),
  two_factor_enabled: z.boolean(),
  sessions: z.object({ active: z.number(), last_login_at: timestamp.nullable() }),
  issuer: z
    .object({
      id: z.number(),
      institution: z.string(),
      cnpj: z.string(),
      founding_date: z.string(),
      summary: z.string(),
      site: z.string(),
      email: z.string(),
      phone: z.string(),
      what_to_tokenize: z.string(),
      representatives: z.array(z.object({ name: z.string(), summary: z.string() })),
      created_at: timestamp,
      tokens: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          symbol: z.string(),
          status: z.string(),
          offer_status: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  wallet: z.object({ balance: money }),
  holdings: z.array(
    z.object({
      token_id: z.number(),
      token_name: z.string(),
      symbol: z.string(),
      quantity: z.number(),
      updated_at: timestamp,
    }),
  ),
  /** Every ledger transfer of the person; `amount` is negative when money left the wallet. */
  statement: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      token_id: z.number().nullable(),
      token_name: z.string().nullable(),
      quantity: z.number().nullable(),
      amount: money,
      reference: z.string().nullable(),
      datetime: timestamp,
    }),
  ),
  pix_charges: z.array(
    z.object({
      txid: z.string(),
      amount: money,
      status: z.string(),
      created_at: timestamp,
      expires_at: timestamp,
      paid_at: timestamp.nullable(),
      end_to_end_id: z.string().nullable(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.number(),
      amount: money,
      key_pix: z.string(),
      status: z.string(),
      failure_reason: z.string().nullable(),
      created_at: timestamp,
      settled_at: timestamp.nullable(),
    }),
  ),
  /** Administrators' acts on this account (what and when; the before/after snapshots stay internal). */
  audit: z.array(z.object({ action: z.string(), target_type: z.string(), created_at: timestamp })),
  /** Every document the person accepted, with its version, time, address and browser. */
  consents: z.array(consentRow),
  /** Every investor profile declared (CVM Resolução 88), oldest first. */
  investor_declarations: z.array(
    z.object({
      annual_income: money,
      financial_investments: money,
      invested_elsewhere_this_year: money,
      is_qualified_investor: z.boolean(),
      declared_at: timestamp,
      ip: z.string(),
      user_agent: z.string(),
    }),
  ),
});
export type DataExport = z.infer<typeof dataExport>;
