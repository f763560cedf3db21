import { z } from 'zod';
import { captchaField } from './captcha.ts';
import { emailField, requiredText } from './fields.ts';

export const contactBody = z.object({
  name: requiredText(150),
  email: emailField,
  message: requiredText(5000),
  captcha: captchaField,
});
export type ContactBody = z.input<typeof contactBody>;
export const contactForm = contactBody.omit({ captcha: true });
