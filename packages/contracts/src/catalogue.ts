import { z } from 'zod';
import { investorProtection } from './investor.ts';

const money = z.string().describe('decimal com duas casas, ex. "1500.00"');
const mediaUrl = z.string().nullable().describe('URL em /media/');
export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Não encontrado.' })
    .int('Não encontrado.')
    .min(1, 'Não encontrado.')
    .max(Number.MAX_SAFE_INTEGER, 'Não encontrado.'),
});

export const tokenStatusFlags = {
  is_funding: z.boolean(),
  is_all_sold: z.boolean(),
  is_distributing: z.boolean(),
};

/** Token card / list item (docs/product.md §3). */
export const tokenCard = z.object({
  id: z.number(),
  name: z.string(),
  symbol: z.string(),
  token_issuer__id: z.number(),
  token_issuer__institution: z.string(),
  token_issuer__token_issuer_image: mediaUrl,
  token_issuer__logo_image: mediaUrl,
  ...tokenStatusFlags,
  amount_capitated: money,
  unit_price: money,
  quantity: z.number(),
  practiced_interest_rate: z.string().describe('percentual total, ex. "12.50"'),
  buyers: z.number(),
  tokens_sold: z.number(),
  deadline_for_funding: z.string(),
});
export type TokenCard = z.infer<typeof tokenCard>;

export const representative = z.object({
  name: z.string(),
  summary: z.string(),
  photography: mediaUrl,
});

/** Public issuer (docs/product.md §3 token issuer, without internal fields). */
export const publicIssuer = z.object({
  id: z.number(),
  institution: z.string(),
  cnpj: z.string(),
  founding_date: z.string(),
  summary: z.string(),
  site: z.string(),
  email: z.string(),
  phone: z.string(),
  what_to_tokenize: z.string(),
  token_issuer_image: mediaUrl,
  logo_image: mediaUrl,
  representatives: z.array(representative),
});
export type PublicIssuer = z.infer<typeof publicIssuer>;

export const issuerCard = publicIssuer.pick({
  id: true,
  institution: true,
  summary: true,
  token_issuer_image: true,
  logo_image: true,
});
export type IssuerCard = z.infer<typeof issuerCard>;

export const publicToken = tokenCard.extend({
  minimum_amount_raised: money,
  maximum_amount_raised: money,
  installments: z.number(),
  first_date_installment: z.string(),
  operation_flow: mediaUrl,
  project_structure: mediaUrl,
  project_blade: mediaUrl,
  contract_address: z.string().nullable(),
  scan_hash_transaction: z.string().nullable(),
});
export type PublicToken = z.infer<typeof publicToken>;

export const publicProject = z.object({
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
  representatives: z.array(representative),
  token_issuance_term: mediaUrl,
  deed_of_credit: mediaUrl,
  project_photography: z.array(z.string()),
  impact_summary: z.array(z.string()),
  /** Latest reports of the project manager (PDF URLs) and when they were sent. */
  report: mediaUrl,
  indicators: mediaUrl,
  reports_updated_at: z.string().nullable(),
});
export type PublicProject = z.infer<typeof publicProject>;

export const scheduleItem = z.object({
  date: z.string(),
  installment_number: z.number(),
  status: z.enum(['pendente', 'pago', 'atrasado']),
});

export const tokenDetailResponse = z.object({
  token: publicToken,
  token_issuer: publicIssuer,
  project: publicProject.nullable(),
  payment_schedule: z.array(scheduleItem),
  amount_to_pay: z.object({ value: money }),
  quantity_token_left: z.object({ value: z.number() }),
  /** The platform's desistência window and default annual limit, for 'Informações Essenciais'. */
  investor_protection: investorProtection,
});
export type TokenDetailResponse = z.infer<typeof tokenDetailResponse>;

export const issuerTokensQuery = z.object({
  page_size: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int()
    .min(1)
    .max(12)
    .default(2),
});
