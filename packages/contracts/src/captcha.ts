import { z } from 'zod';

export const CAPTCHA_INVALID = 'Recaptcha Inválido';

/** The solved ALTCHA payload (base64 JSON) that travels as field `captcha`. */
export const captchaField = z
  .string({ error: CAPTCHA_INVALID })
  .min(1, CAPTCHA_INVALID)
  .max(4096, CAPTCHA_INVALID);

export const captchaChallengeResponse = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
