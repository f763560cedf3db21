import { z } from 'zod';
import { requiredOrInvalid } from './fields.ts';
import { formatBrl, typedAmountToCents } from './money.ts';

/** Investor protection under CVM Resolução 88 (docs/product.md §15). */
export const investorMessages = {
  amountInvalid: 'Informe um valor em reais, ex. 150.000,00.',
  amountNegative: 'O valor não pode ser negativo.',
  amountTooLarge: `Informe um valor de até ${formatBrl(100_000_000_000_00n)}.`,
  qualifiedNeedsInvestments:
    'Para se declarar investidor qualificado, suas aplicações financeiras devem passar de R$ 1.000.000,00.',
  declared: 'Perfil de investidor atualizado.',
  riskTermRequired: 'Aceite o Termo de Ciência de Risco antes de investir.',
  riskTermOutdated:
    'Esta não é a versão vigente do Termo de Ciência de Risco. Recarregue a página e leia o termo atual.',
  riskTermAccepted: 'Termo de Ciência de Risco aceito.',
  desistenciaDone: 'Desistência registrada. O valor foi devolvido à sua carteira.',
  desistenciaOfferClosed:
    'Não é mais possível desistir desta compra: a captação da oferta já foi encerrada.',
  purchaseNotFound: 'Compra não encontrada.',
} as const;

/** 400 on `quantity` when a purchase passes what is left of the year's limit. */
export const aboveAnnualLimit = (availableCents: bigint) =>
  `Esta compra ultrapassa seu limite anual de investimento (disponível: ${formatBrl(availableCents)}).`;

/** 400 `{detail}` for a desistência asked after its window (`until`, already written for a person). */
export const desistenciaWindowOver = (until: string) =>
  `O prazo de desistência desta compra terminou em ${until}.`;

/** The 403 `code` of a purchase before the current risk term is accepted. */
export const RISK_TERM_REQUIRED = 'risk_term_required';

/** Amounts above this are not a person's income or investments: a typing slip, refused. */
export const MAX_DECLARED_CENTS = 100_000_000_000_00n;
/** CVM 88: a qualified investor has more than R$ 1.000.000,00 in financial investments. */
export const QUALIFIED_INVESTMENTS_CENTS = 1_000_000_00n;

/** An amount a person declares: "150000", "150.000,00", 150000.5; never negative or absurd. */
const declaredAmount = z
  .union([z.string(), z.number()], { error: requiredOrInvalid })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
    if (/^\s*-/.test(text) || (typeof value === 'number' && value < 0)) {
      ctx.addIssue({ code: 'custom', message: investorMessages.amountNegative });
      return z.NEVER;
    }
    const cents = text.length <= 40 ? typedAmountToCents(text) : null;
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: investorMessages.amountInvalid });
      return z.NEVER;
    }
    if (cents > MAX_DECLARED_CENTS) {
      ctx.addIssue({ code: 'custom', message: investorMessages.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** PUT /api/investor/profile/: the investor's declaration (docs/product.md §15). */
export const investorProfileBody = z
  .object({
    annual_income: declaredAmount,
    financial_investments: declaredAmount,
    invested_elsewhere_this_year: declaredAmount,
    is_qualified_investor: z.boolean({ error: requiredOrInvalid }),
  })
  .superRefine((v, ctx) => {
    if (v.is_qualified_investor && v.financial_investments <= QUALIFIED_INVESTMENTS_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['is_qualified_investor'],
        message: investorMessages.qualifiedNeedsInvestments,
      });
    }
  });
export type InvestorProfileBody = z.input<typeof investorProfileBody>;

const money = z.string();

/** GET /api/investor/profile/: the latest declaration and the year's limit. */
export const investorProfile = z.object({
  annual_income: money.nullable(),
  financial_investments: money.nullable(),
  invested_elsewhere_this_year: money,
  is_qualified_investor: z.boolean(),
  declared_at: z.string().nullable(),
  /** Null for a qualified investor: no limit. */
  annual_limit: money.nullable(),
  invested_this_year: money,
  remaining_annual_limit: money.nullable(),
});
export type InvestorProfile = z.infer<typeof investorProfile>;

/** GET /api/investor/risk-term/: the current term; `accepted_at` null until it is accepted. */
export const riskTerm = z.object({
  version: z.string(),
  text: z.string(),
  accepted_at: z.string().nullable(),
});
export type RiskTerm = z.infer<typeof riskTerm>;

export const riskTermBody = z.object({
  version: z.string({ error: requiredOrInvalid }).trim().min(1).max(40),
});

/** A purchase as 'Minhas compras' lists it. */
export const purchaseStatus = z.enum(['confirmada', 'desistida', 'reembolsada']);
export type PurchaseStatus = z.infer<typeof purchaseStatus>;

export const purchaseRow = z.object({
  id: z.number(),
  token_id: z.number(),
  name_token: z.string(),
  quantity: z.number(),
  total: money,
  datetime: z.string(),
  status: purchaseStatus,
  /** While the purchase can still be undone: until when (ISO 8601); otherwise null. */
  desistencia_until: z.string().nullable(),
});
export type PurchaseRow = z.infer<typeof purchaseRow>;

/** A consent the person gave: which document, which version, when and from where. */
export const consentDocument = z.enum(['terms_of_use', 'deposit_rules', 'risk_term']);
export type ConsentDocument = z.infer<typeof consentDocument>;

export const consentRow = z.object({
  id: z.number(),
  document: consentDocument,
  document_name: z.string(),
  version: z.string(),
  accepted_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
});
export type ConsentRow = z.infer<typeof consentRow>;

/** What each document is called on screen and in the export. */
export const CONSENT_DOCUMENT_NAMES: Record<ConsentDocument, string> = {
  terms_of_use: 'Termos de uso e Política de privacidade',
  deposit_rules: 'Regras de depósito',
  risk_term: 'Termo de Ciência de Risco',
};

/** The platform's investor-protection figures a token page states (docs/product.md §15). */
export const investorProtection = z.object({
  desistencia_days: z.number(),
  annual_investment_limit: money,
});
export type InvestorProtection = z.infer<typeof investorProtection>;
