import { z } from 'zod';
import { requiredOrInvalid } from './fields.ts';

/** A row of Gestão de Acesso (docs/product.md §3 'Creator (admin list)'); `id` is the user's id. */
export const creatorRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  cpf_cnpj: z.string().nullable(),
  intention_token_creator: z.boolean(),
  intention_project_manager: z.boolean(),
  is_token_creator: z.boolean(),
  is_project_manager: z.boolean(),
});
export type CreatorRow = z.infer<typeof creatorRow>;

export const creatorTokenInfo = z.object({
  token_id: z.number(),
  token_name: z.string(),
  symbol: z.string(),
  /** Web path of the admin's view of the token. */
  token_link: z.string(),
  /** Web path of the admin's view of the project; null while there is none (lock icon). */
  project: z.string().nullable(),
  can_issue: z.boolean(),
  token_issued: z.boolean(),
  project_manager: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type CreatorTokenInfo = z.infer<typeof creatorTokenInfo>;

/** Gestão de Usuário (docs/product.md §3 'Creator detail'). */
export const creatorDetail = z.object({
  creator: creatorRow,
  /** Web paths opened in a new tab; token_issuer_info is null when the user has no issuer. */
  token_issuer_info: z.string().nullable(),
  user_info: z.string(),
  token_info: z.array(creatorTokenInfo),
});
export type CreatorDetail = z.infer<typeof creatorDetail>;

export const roleGrantBody = z
  .object({
    is_token_creator: z.boolean({ error: requiredOrInvalid }).optional(),
    is_project_manager: z.boolean({ error: requiredOrInvalid }).optional(),
  })
  .strict()
  .refine((v) => v.is_token_creator !== undefined || v.is_project_manager !== undefined, {
    message: 'Informe is_token_creator ou is_project_manager.',
  });

export const assignManagerBody = z.object({
  user_id: z
    .number({ error: requiredOrInvalid })
    .int('Usuário inválido.')
    .positive('Usuário inválido.'),
});

export const managerOption = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type ManagerOption = z.infer<typeof managerOption>;

export const auditEntry = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** Admin's view of a user (Dados do Usuário). */
export const adminUserInfo = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  cpf_cnpj: z.string().nullable(),
  birth_date: z.string().nullable(),
  is_confirmed_email: z.boolean(),
  is_admin: z.boolean(),
  is_token_creator: z.boolean(),
  is_project_manager: z.boolean(),
  intention_token_creator: z.boolean(),
  intention_project_manager: z.boolean(),
  date_joined: z.string(),
});

/** A row of Gestão de Projetos (docs/product.md §3 'Project manager list item'). */
export const managerProject = z.object({
  id_token: z.number(),
  name: z.string(),
  symbol: z.string(),
  datetime_modified: z.string().nullable(),
  report: z.string().nullable(),
  indicators: z.string().nullable(),
});
export type ManagerProject = z.infer<typeof managerProject>;
