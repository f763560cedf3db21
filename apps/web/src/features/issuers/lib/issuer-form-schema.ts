import {
  ISSUER_IMAGE_FIELDS,
  issuerFields,
  normalizeCpfCnpj,
  workspaceMessages,
  type IssuerFormData,
} from '@copaiba/contracts';
import { z } from 'zod';
import { fileSchema } from '@/lib/file-checks';

export type IssuerImageField = (typeof ISSUER_IMAGE_FIELDS)[number];
export type IssuerTextField = keyof typeof issuerFields.shape;
export const ISSUER_TEXT_FIELDS = Object.keys(issuerFields.shape) as IssuerTextField[];

/**
 * The Seja Emissor / Dados de Emissor form: the contracts' issuer fields (same messages as the
 * server) plus the five images, required unless already stored (edit).
 */
export function issuerFormSchema(stored: Partial<Record<IssuerImageField, string | null>> = {}) {
  const images = Object.fromEntries(
    ISSUER_IMAGE_FIELDS.map((field) => [
      field,
      fileSchema('image', { missing: workspaceMessages.imageInvalid, hasStored: !!stored[field] }),
    ]),
  ) as Record<IssuerImageField, ReturnType<typeof fileSchema>>;
  return issuerFields.extend({ ...images, intention_project_manager: z.boolean() });
}

export type IssuerFormValues = z.input<ReturnType<typeof issuerFormSchema>>;

export function issuerFormDefaults(data?: IssuerFormData): IssuerFormValues {
  const text = Object.fromEntries(
    ISSUER_TEXT_FIELDS.map((field) => [field, data?.[field] ?? '']),
  ) as Record<IssuerTextField, string>;
  const images = Object.fromEntries(ISSUER_IMAGE_FIELDS.map((f) => [f, null])) as Record<
    IssuerImageField,
    null
  >;
  return { ...text, ...images, intention_project_manager: false };
}

/** Compare a CNPJ without its mask and a phone by its digits (the server stores them so). */
export const issuerNormalizers = {
  cnpj: normalizeCpfCnpj,
  phone: (value: string) => value.replace(/\D/g, ''),
};
