import { z } from 'zod';
import { isValidCnpj, normalizeCpfCnpj } from './cpf-cnpj.ts';
import { addDays, isRealIsoDate, todayInSaoPaulo } from './dates.ts';
import { emailField, REQUIRED, requiredOrInvalid, requiredText, tooLong } from './fields.ts';
import { decimalToCents, formatBrl } from './money.ts';

export const workspaceMessages = {
  imageInvalid: 'Selecione uma imagem válida',
  dateInvalid: 'Data inválida',
  siteInvalid: 'Informe uma URL válida (https://…).',
  cnpjInvalid: 'CNPJ inválido.',
  phoneInvalid: 'Informe um telefone válido.',
  nothingChanged: 'Nenhum campo foi alterado',
  bladeMissing: 'Lâmina PDF do projeto está ausente.',
  flowMissing: 'Fluxo de operações está ausente.',
  structureMissing: 'Estrutura do projeto está ausente.',
  termMissing: 'Termo de Emissao está ausente.',
  pdfInvalid: 'Selecione um arquivo PDF válido.',
  moneyInvalid: 'Informe um valor em reais, ex. 1.500,00.',
  unitPriceMin: 'O preço unitário mínimo é R$ 0,01.',
  rateInvalid: 'Informe um percentual entre 0 e 1000, com até duas casas.',
  quantityInvalid: 'Informe uma quantidade inteira de pelo menos 1.',
  installmentsRange: 'O número de parcelas deve ser de 1 a 12.',
  deadlinePast: 'O prazo de captação não pode ser anterior a hoje.',
  firstInstallmentBeforeDeadline: 'A primeira parcela não pode ser anterior ao prazo de captação.',
  minimumAboveMaximum: 'A captação mínima não pode ser maior que a máxima.',
  maximumBelowPrice: 'A captação máxima deve comportar pelo menos um token.',
  maximumAboveCap: `A captação máxima não pode passar de ${formatBrl(15_000_000_00n)}.`,
  deadlineTooFar: 'O prazo de captação deve ser de no máximo 180 dias a partir de hoje.',
  symbolInvalid: 'O símbolo deve ter de 2 a 8 letras maiúsculas ou números.',
  videoInvalid: 'Informe o link do vídeo (https://…).',
} as const;

const url = (message: string) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, REQUIRED)
    .max(500, tooLong(500))
    .refine((v) => {
      try {
        const parsed = new URL(v);
        return parsed.protocol === 'https:' || parsed.protocol === 'http:';
      } catch {
        return false;
      }
    }, message);

const isoDate = z
  .string({ error: requiredOrInvalid })
  .min(1, REQUIRED)
  .refine(isRealIsoDate, workspaceMessages.dateInvalid);

/** A multipart boolean ("true"/"false"), also accepting a JSON boolean. */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

// ── Issuer ──────────────────────────────────────────────────────────────────────────────────────
export const cnpjField = z
  .string({ error: requiredOrInvalid })
  .max(32, workspaceMessages.cnpjInvalid)
  .transform(normalizeCpfCnpj)
  .refine((v) => v.length > 0, { message: REQUIRED, abort: true })
  .refine(isValidCnpj, workspaceMessages.cnpjInvalid);

export const phoneField = z
  .string({ error: requiredOrInvalid })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => v.length > 0, { message: REQUIRED, abort: true })
  .refine((v) => /^\d{12,13}$/.test(v), workspaceMessages.phoneInvalid);

/** The issuer's text fields (files are added where each side handles them). */
export const issuerFields = z.object({
  institution: requiredText(200),
  cnpj: cnpjField,
  founding_date: isoDate.refine((v) => v <= todayInSaoPaulo(), workspaceMessages.dateInvalid),
  summary: requiredText(3000),
  site: url(workspaceMessages.siteInvalid),
  email: emailField,
  phone: phoneField,
  what_to_tokenize: requiredText(2000),
  name_representative: requiredText(150),
  summary_representative: requiredText(2000),
  name_representative2: requiredText(150),
  summary_representative2: requiredText(2000),
  name_representative3: requiredText(150),
  summary_representative3: requiredText(2000),
});
export const ISSUER_IMAGE_FIELDS = [
  'token_issuer_image',
  'logo_image',
  'photography_representative',
  'photography_representative2',
  'photography_representative3',
] as const;

/**
 * CVM Resolução 88's offer limits (docs/product.md §15): at most R$ 15.000.000,00, a minimum of at
 * least two thirds of the maximum, and a funding deadline at most 180 days away.
 */
export const OFFER_MAXIMUM_CENTS = 15_000_000_00n;
export const OFFER_MAX_FUNDING_DAYS = 180;

/** The smallest minimum an offer of this maximum may have: ⅔ of it, rounded up to the centavo. */
export const smallestMinimumCents = (maximumCents: bigint) => (maximumCents * 2n + 2n) / 3n;

export const minimumBelowTwoThirds = (maximumCents: bigint) =>
  `A captação mínima deve ser de pelo menos 2/3 da máxima (${formatBrl(smallestMinimumCents(maximumCents))}).`;

// ── Token ───────────────────────────────────────────────────────────────────────────────────────
const moneyField = z
  .string({ error: requiredOrInvalid })
  .min(1, REQUIRED)
  .transform((v, ctx) => {
    const cents = decimalToCents(v.replace(/\.(?=\d{3}(\D|$))/g, ''));
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: workspaceMessages.moneyInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** Percent with up to two decimals → hundredths of a percent. */
const rateField = z
  .string({ error: requiredOrInvalid })
  .min(1, REQUIRED)
  .transform((v, ctx) => {
    const cents = decimalToCents(v);
    if (cents === null || cents > 100_000n) {
      ctx.addIssue({ code: 'custom', message: workspaceMessages.rateInvalid });
      return z.NEVER;
    }
    return Number(cents);
  });

const integerField = (min: number, max: number, message: string) =>
  z
    .string({ error: requiredOrInvalid })
    .min(1, REQUIRED)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const tokenFieldsBase = z.object({
  name: requiredText(120),
  symbol: z
    .string({ error: requiredOrInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,8}$/, workspaceMessages.symbolInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  unit_price: moneyField.refine((c) => c >= 1n, workspaceMessages.unitPriceMin),
  practiced_interest_rate: rateField,
  minimum_amount_raised: moneyField,
  maximum_amount_raised: moneyField,
  quantity: integerField(1, 100_000_000, workspaceMessages.quantityInvalid),
  deadline_for_funding: isoDate,
  installments: integerField(1, 12, workspaceMessages.installmentsRange),
  first_date_installment: isoDate,
  bank_details_for_receipt: requiredText(1000),
});
export type TokenFields = z.output<typeof tokenFieldsBase>;

/** Rules across fields, for a whole token (create, or an edit merged over the stored token). */
export function tokenRuleIssues(
  t: Pick<
    TokenFields,
    | 'deadline_for_funding'
    | 'first_date_installment'
    | 'minimum_amount_raised'
    | 'maximum_amount_raised'
    | 'unit_price'
  >,
  today: string = todayInSaoPaulo(),
): Array<{ path: keyof TokenFields; message: string }> {
  const issues: Array<{ path: keyof TokenFields; message: string }> = [];
  if (t.deadline_for_funding < today) {
    issues.push({ path: 'deadline_for_funding', message: workspaceMessages.deadlinePast });
  }
  if (t.first_date_installment < t.deadline_for_funding) {
    issues.push({
      path: 'first_date_installment',
      message: workspaceMessages.firstInstallmentBeforeDeadline,
    });
  }
  if (
    isRealIsoDate(t.deadline_for_funding) &&
    t.deadline_for_funding > addDays(today, OFFER_MAX_FUNDING_DAYS)
  ) {
    issues.push({ path: 'deadline_for_funding', message: workspaceMessages.deadlineTooFar });
  }
  if (t.maximum_amount_raised > OFFER_MAXIMUM_CENTS) {
    issues.push({ path: 'maximum_amount_raised', message: workspaceMessages.maximumAboveCap });
  }
  if (t.minimum_amount_raised > t.maximum_amount_raised) {
    issues.push({ path: 'minimum_amount_raised', message: workspaceMessages.minimumAboveMaximum });
  } else if (
    // A form's rules also run while its amounts are still being typed (not parsed yet).
    typeof t.maximum_amount_raised === 'bigint' &&
    typeof t.minimum_amount_raised === 'bigint' &&
    t.minimum_amount_raised < smallestMinimumCents(t.maximum_amount_raised)
  ) {
    issues.push({
      path: 'minimum_amount_raised',
      message: minimumBelowTwoThirds(t.maximum_amount_raised),
    });
  }
  if (t.maximum_amount_raised < t.unit_price) {
    issues.push({ path: 'maximum_amount_raised', message: workspaceMessages.maximumBelowPrice });
  }
  return issues;
}

/** Adds the cross-field token rules to a schema with the token fields (and perhaps files). */
export const withTokenRules = <S extends z.ZodType<TokenFields>>(schema: S) =>
  schema.superRefine((t, ctx) => {
    for (const issue of tokenRuleIssues(t)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });

export const tokenFields = withTokenRules(tokenFieldsBase);

// ── Project ─────────────────────────────────────────────────────────────────────────────────────
const optionalText = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((v) => (v ? v : null));
const optionalUrl = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(500, tooLong(500))
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/\S+$/.test(v), workspaceMessages.videoInvalid);

export const projectFields = z.object({
  benefited_families: requiredText(200),
  production_area_size: requiredText(200),
  arl_size: requiredText(200),
  territory: requiredText(300),
  production_volume: requiredText(300),
  covered_sdgs: requiredText(300),
  talk_about_people_involved: requiredText(3000),
  talk_about_people_involved2: optionalText(3000),
  talk_about_people_involved3: optionalText(3000),
  guarantees: requiredText(3000),
  risks: requiredText(3000),
  video_link: url(workspaceMessages.videoInvalid),
  video_link2: optionalUrl,
  video_link3: optionalUrl,
  name_representative2: optionalText(150),
  summary_representative2: optionalText(2000),
  name_representative3: optionalText(150),
  summary_representative3: optionalText(2000),
});
export const PROJECT_IMAGE_FIELDS = [
  'photography_representative2',
  'photography_representative3',
  'project_photography',
  'project_photography2',
  'project_photography3',
  'impact_summary',
  'impact_summary2',
  'impact_summary3',
] as const;
export const PROJECT_PDF_FIELDS = ['token_issuance_term', 'deed_of_credit'] as const;
/** Optional files a creator may remove on edit by sending `remove_<field>=true`. */
export const PROJECT_REMOVABLE_FIELDS = [
  'photography_representative2',
  'photography_representative3',
  'project_photography2',
  'project_photography3',
  'impact_summary2',
  'impact_summary3',
  'deed_of_credit',
] as const;

// ── Responses ───────────────────────────────────────────────────────────────────────────────────
const media = z.string().nullable();

/** The creator's own issuer, as its form shows it (flat, docs/product.md §3). */
export const issuerFormData = z.object({
  id: z.number(),
  institution: z.string(),
  cnpj: z.string(),
  founding_date: z.string(),
  summary: z.string(),
  site: z.string(),
  email: z.string(),
  phone: z.string(),
  what_to_tokenize: z.string(),
  token_issuer_image: media,
  logo_image: media,
  name_representative: z.string(),
  summary_representative: z.string(),
  photography_representative: media,
  name_representative2: z.string(),
  summary_representative2: z.string(),
  photography_representative2: media,
  name_representative3: z.string(),
  summary_representative3: z.string(),
  photography_representative3: media,
});
export type IssuerFormData = z.infer<typeof issuerFormData>;

export const tokenLifecycle = z.enum(['incomplete', 'released', 'issued']);

/** A token as its edit form shows it. */
export const tokenFormData = z.object({
  id: z.number(),
  name: z.string(),
  symbol: z.string(),
  unit_price: z.string(),
  practiced_interest_rate: z.string(),
  minimum_amount_raised: z.string(),
  maximum_amount_raised: z.string(),
  quantity: z.number(),
  deadline_for_funding: z.string(),
  installments: z.number(),
  first_date_installment: z.string(),
  bank_details_for_receipt: z.string(),
  project_blade: media,
  operation_flow: media,
  project_structure: media,
  status: tokenLifecycle,
  can_register_product: z.boolean(),
});
export type TokenFormData = z.infer<typeof tokenFormData>;

/** A row of Gestão de Tokens. */
export const registeredToken = z.object({
  id: z.number(),
  name: z.string(),
  symbol: z.string(),
  status: tokenLifecycle,
  datetime_created: z.string(),
  datetime_modified: z.string(),
  can_register_product: z.boolean(),
});
export type RegisteredToken = z.infer<typeof registeredToken>;

/** A project as its edit form shows it. */
export const projectFormData = z.object({
  token_id: z.number(),
  benefited_families: z.string(),
  production_area_size: z.string(),
  arl_size: z.string(),
  territory: z.string(),
  production_volume: z.string(),
  covered_sdgs: z.string(),
  talk_about_people_involved: z.string(),
  talk_about_people_involved2: z.string().nullable(),
  talk_about_people_involved3: z.string().nullable(),
  guarantees: z.string(),
  risks: z.string(),
  video_link: z.string(),
  video_link2: z.string().nullable(),
  video_link3: z.string().nullable(),
  name_representative2: z.string().nullable(),
  summary_representative2: z.string().nullable(),
  photography_representative2: media,
  name_representative3: z.string().nullable(),
  summary_representative3: z.string().nullable(),
  photography_representative3: media,
  token_issuance_term: media,
  deed_of_credit: media,
  project_photography: media,
  project_photography2: media,
  project_photography3: media,
  impact_summary: media,
  impact_summary2: media,
  impact_summary3: media,
});
export type ProjectFormData = z.infer<typeof projectFormData>;

export const createdResponse = z.object({ message: z.string(), id: z.number() });
