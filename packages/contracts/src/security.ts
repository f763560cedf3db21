import { z } from 'zod';
import { loginResponse } from './accounts.ts';
import { REQUIRED, requiredOrInvalid } from './fields.ts';

/*
 * Privileged accounts and sessions (docs/product.md §19): login in two steps, recovery codes,
 * 'Dispositivos conectados' and 'Atividade da conta'.
 */

export const TOTP_INCOMPLETE = 'Preencha o código de 6 dígitos encontrado no app!';
/** How many one-time recovery codes an activation gives. */
export const RECOVERY_CODE_COUNT = 10;
/** 'Atividade da conta' keeps a person's events this long. */
export const ACCOUNT_ACTIVITY_MONTHS = 12;

export const securityMessages = {
  twoFactorRequired: 'Ative a autenticação em dois fatores para acessar esta área.',
  secondStep: 'Digite o código do seu app autenticador para concluir o login.',
  codeInvalid: 'Código inválido.',
  challengeVoid: 'Esta etapa do login expirou. Entre novamente com seu e-mail e senha.',
  codeOrRecovery: 'Informe o código do app autenticador ou um código de recuperação.',
  recoveryFormat: 'O código de recuperação tem 10 letras e números, como ABCDE-23456.',
  twoFactorOff: 'A autenticação de dois fatores não está ativada.',
  twoFactorDisabled: 'Autenticação de dois fatores desativada.',
  privilegedKeepsTwoFactor:
    'Administradores e criadores de tokens precisam manter a autenticação em dois fatores ativada.',
  secondStepLocked: 'Muitos códigos inválidos nesta conta. Tente novamente em 15 minutos.',
  sessionNotFound: 'Sessão não encontrada.',
  sessionEnded: 'Sessão encerrada.',
  otherSessionsEnded: 'As outras sessões foram encerradas.',
} as const;

/** A six-digit code of an authenticator app (TOTP). */
export const totpCodeField = z.string({ error: TOTP_INCOMPLETE }).regex(/^\d{6}$/, TOTP_INCOMPLETE);

/**
 * A recovery code as a person types it: case, spaces and hyphens do not matter ('abcde 23456',
 * 'ABCDE-23456'); 10 characters of the alphabet the codes are drawn from.
 */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const recoveryCodeField = z
  .string({ error: requiredOrInvalid })
  .max(40, securityMessages.recoveryFormat)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v.length > 0, { message: REQUIRED, abort: true })
  .refine((v) => new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{10}$`).test(v), {
    message: securityMessages.recoveryFormat,
  });

/** How a recovery code is shown: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** `POST login/common/` for an account with two-factor on: no tokens yet. */
export const twoFactorChallengeResponse = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  detail: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeResponse>;

/** What `POST login/common/` answers: the session, or the second step. */
export const loginAnswer = z.union([loginResponse, twoFactorChallengeResponse]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

const challengeField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(128, securityMessages.challengeVoid)
  .regex(/^[A-Za-z0-9_-]+$/, securityMessages.challengeVoid);

/** `POST login/two-factor/`: the challenge and either a code of the app or a recovery code. */
export const loginTwoFactorBody = z
  .object({
    challenge: challengeField,
    code: totpCodeField.optional(),
    recovery_code: recoveryCodeField.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.code === undefined) === (body.recovery_code === undefined))
      ctx.addIssue({ code: 'custom', path: ['code'], message: securityMessages.codeOrRecovery });
  });
export type LoginTwoFactorBody = z.output<typeof loginTwoFactorBody>;

/** `POST twoauth/`: activated, with the recovery codes shown this once. */
export const twoFactorActivation = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorActivation = z.infer<typeof twoFactorActivation>;

/** `DELETE twoauth/`: a current code of the app. */
export const twoFactorDisableBody = z.object({ code: totpCodeField });

/** One row of 'Dispositivos conectados'. */
export const sessionItem = z.object({
  id: z.number(),
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;

export const SECURITY_EVENT_KINDS = [
  'login',
  'login_failed',
  'new_device',
  'password_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'role_changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How 'Atividade da conta' names each event. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  login: 'Login realizado',
  login_failed: 'Tentativa de login recusada',
  new_device: 'Login em um novo dispositivo',
  password_changed: 'Senha alterada',
  two_factor_enabled: 'Autenticação em dois fatores ativada',
  two_factor_disabled: 'Autenticação em dois fatores desativada',
  recovery_code_used: 'Código de recuperação usado',
  role_changed: 'Permissões alteradas por um administrador',
};

/** One row of 'Atividade da conta'. */
export const securityEventItem = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS),
  ip: z.string(),
  device: z.string(),
  created_at: z.string(),
});
export type SecurityEventItem = z.infer<typeof securityEventItem>;
