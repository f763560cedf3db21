import { z } from 'zod';

export const REQUIRED = 'Este campo é obrigatório.';
export const INVALID_VALUE = 'Valor inválido.';

/** For a schema's type error: absent means required, anything else is the wrong kind of value. */
export const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : INVALID_VALUE;

// Every default message of zod in Portuguese, on the server and in the browser alike. A type error
// without a message of its own says "required" or "invalid value": zod's default would show the
// received type to the user ('…recebeu um valor "undefined"').
z.config({
  ...z.locales.ptBR(),
  customError: (issue) => (issue.code === 'invalid_type' ? requiredOrInvalid(issue) : undefined),
});

/**
 * The body of a write whose path names all it acts on (e.g. ending a session): none. Anything sent
 * is refused rather than ignored.
 */
export const noBody = z
  .null({ error: 'Esta operação não recebe dados: envie-a sem corpo.' })
  .optional();

export const INVALID_EMAIL = 'Informe um e-mail válido.';

export const tooLong = (max: number) => `Deve ter no máximo ${max} caracteres.`;

/** A required text field: trimmed, non-empty, bounded. */
export const requiredText = (max: number) =>
  z.string({ error: requiredOrInvalid }).trim().min(1, REQUIRED).max(max, tooLong(max));

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, REQUIRED)
  .max(254, tooLong(254))
  .regex(z.regexes.email, INVALID_EMAIL);

export const messageResponse = z.object({ message: z.string() });
export const detailResponse = z.object({ detail: z.string() });
/** DRF-style validation body: each field maps to its messages. */
export const fieldErrorsResponse = z.record(z.string(), z.array(z.string()));
/** A 400: field errors, or a `{detail}`/`{message}` about the request as a whole. */
export const badRequestResponse = z.union([fieldErrorsResponse, detailResponse, messageResponse]);

/**
 * A box the person must tick (a JSON boolean, or "true" from a multipart form): anything but true
 * is refused with `message`, so the server can prove the consent was given (docs/product.md §15).
 */
export const mustAccept = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: message })
    .refine((v) => v === true || v === 'true', message)
    .transform((): true => true);
