import { z } from 'zod';
import { captchaField } from './captcha.ts';
import { isValidCpfOrCnpj, normalizeCpfCnpj } from './cpf-cnpj.ts';
import { ageOn, brDateToIso, isRealIsoDate, todayInSaoPaulo } from './dates.ts';
import {
  emailField,
  mustAccept,
  REQUIRED,
  requiredOrInvalid,
  requiredText,
  tooLong,
} from './fields.ts';
import {
  passwordMessages,
  registerPasswordRules,
  resetPasswordRules,
  type PasswordRule,
} from './password.ts';

export const MINIMUM_AGE = 18;
export const CONFIRMATION_CODE_LENGTH = 6;

export const accountMessages = {
  cpfCnpjInvalid: 'CPF ou CNPJ possui formato inválido',
  birthDateInvalid: 'Data inválida',
  underage: 'É necessário ter pelo menos 18 anos.',
  termsRequired: 'É necessário aceitar os Termos de uso e Política de privacidade',
  codeFormat: 'O código deve ter 6 dígitos.',
  codeIncomplete: 'Preencha os 6 dígitos do código.',
} as const;

const PASSWORD_MAX = 128;

const passwordWith = (rules: PasswordRule[]) =>
  rules.reduce(
    (schema, rule) => schema.refine(rule.test, rule.message),
    z
      .string({ error: requiredOrInvalid })
      .min(1, REQUIRED)
      .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
  );

export const registerPassword = passwordWith(registerPasswordRules);
export const resetPassword = passwordWith(resetPasswordRules);

export const cpfCnpjField = z
  .string({ error: REQUIRED })
  .max(32, accountMessages.cpfCnpjInvalid)
  .transform(normalizeCpfCnpj)
  .refine((v) => v.length > 0, { message: REQUIRED, abort: true })
  .refine(isValidCpfOrCnpj, accountMessages.cpfCnpjInvalid);

/** Birth date as YYYY-MM-DD, a real date, 18 or older today in São Paulo. */
export const birthDateField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .refine(isRealIsoDate, { message: accountMessages.birthDateInvalid, abort: true })
  .refine((v) => v >= '1900-01-01' && v <= todayInSaoPaulo(), {
    message: accountMessages.birthDateInvalid,
    abort: true,
  })
  .refine((v) => ageOn(v, todayInSaoPaulo()) >= MINIMUM_AGE, accountMessages.underage);

export const nameField = requiredText(150);

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  password: registerPassword,
  cpf_cnpj: cpfCnpjField,
  birth_date: birthDateField,
  captcha: captchaField,
  terms_accepted: mustAccept(accountMessages.termsRequired),
});
export type RegisterBody = z.input<typeof registerBody>;

/** The /register form: the API fields plus what only a person types (repeat, terms, DD/MM/YYYY). */
export const registerForm = registerBody
  .omit({ birth_date: true, captcha: true, terms_accepted: true })
  .extend({
    birth_date: z
      .string()
      .transform((v, ctx) => {
        const iso = brDateToIso(v);
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: accountMessages.birthDateInvalid });
          return z.NEVER;
        }
        return iso;
      })
      .pipe(birthDateField),
    password_confirmation: z.string().min(1, REQUIRED),
    terms: z.literal(true, { error: accountMessages.termsRequired }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: passwordMessages.match,
  });
export type RegisterFormInput = z.input<typeof registerForm>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: requiredOrInvalid })
    .min(1, REQUIRED)
    .max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
  captcha: captchaField,
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  detail: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const codeField = z
  .string({ error: REQUIRED })
  .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), accountMessages.codeFormat);

export const confirmEmailBody = z.object({ email: emailField, token: codeField });
export type ConfirmEmailBody = z.input<typeof confirmEmailBody>;

export const resendCodeBody = z.object({ email: emailField });

export const refreshBody = z.object({
  refresh: z.string({ error: requiredOrInvalid }).min(1, REQUIRED).max(512, tooLong(512)),
});
export const refreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const passwordResetRequestBody = z.object({ email: emailField });

export const resetTokenField = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(128, 'Código inválido.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Código inválido.');

export const passwordResetBody = z.object({
  email: emailField,
  token: resetTokenField,
  password: resetPassword,
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** The /change-password form: the new password twice; token and email come from the query string. */
export const changePasswordForm = z
  .object({ password: resetPassword, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: passwordMessages.mismatchOnSubmit,
  });

export const userResponse = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  cpf_cnpj: z.string().nullable(),
  birth_date: z.string().nullable(),
  is_confirmed_email: z.boolean(),
  is_two_factor_authentication: z.boolean(),
  is_admin: z.boolean(),
  is_token_creator: z.boolean(),
  is_project_manager: z.boolean(),
  intention_token_creator: z.boolean(),
  intention_project_manager: z.boolean(),
  permissions: z.object({
    is_confirmed_email: z.boolean(),
    is_admin: z.boolean(),
    is_project_manager: z.boolean(),
  }),
});
export type User = z.infer<typeof userResponse>;
