import {
  PROJECT_IMAGE_FIELDS,
  PROJECT_REMOVABLE_FIELDS,
  projectFields,
  workspaceMessages,
  type ProjectFormData,
} from '@copaiba/contracts';
import type { z } from 'zod';
import { fileSchema } from '@/lib/file-checks';

export type ProjectImageField = (typeof PROJECT_IMAGE_FIELDS)[number];
export type ProjectPdfField = 'token_issuance_term' | 'deed_of_credit';
export type ProjectFileField = ProjectImageField | ProjectPdfField;
export type ProjectRemovableField = (typeof PROJECT_REMOVABLE_FIELDS)[number];
export type ProjectTextField = keyof typeof projectFields.shape;
export type RemoveFlag = `remove_${ProjectRemovableField}`;

export const PROJECT_TEXT_FIELDS = Object.keys(projectFields.shape) as ProjectTextField[];
/** In the order the form shows them (the first missing one is also toasted). */
export const PROJECT_FILE_FIELDS: ProjectFileField[] = [
  'photography_representative2',
  'photography_representative3',
  'project_photography',
  'project_photography2',
  'project_photography3',
  'impact_summary',
  'impact_summary2',
  'impact_summary3',
  'token_issuance_term',
  'deed_of_credit',
];
export const removeFlag = (field: ProjectRemovableField): RemoveFlag => `remove_${field}`;
export const isRemovable = (field: string): field is ProjectRemovableField =>
  (PROJECT_REMOVABLE_FIELDS as readonly string[]).includes(field);

/**
 * Cadastrar / Atualizar Projeto: the contracts' project fields (same messages as the server), the
 * files (Termo de Emissão required unless stored: 'Termo de Emissao está ausente.'). Removing an
 * optional stored file is sent as `remove_<field>=true`.
 */
export function projectFormSchema(stored: Partial<Record<ProjectFileField, string | null>> = {}) {
  const images = Object.fromEntries(
    PROJECT_IMAGE_FIELDS.map((f) => [f, fileSchema('image')]),
  ) as Record<ProjectImageField, ReturnType<typeof fileSchema>>;
  return projectFields.extend({
    ...images,
    token_issuance_term: fileSchema('pdf', {
      missing: workspaceMessages.termMissing,
      hasStored: !!stored.token_issuance_term,
    }),
    deed_of_credit: fileSchema('pdf'),
  });
}

export type ProjectFormValues = z.input<ReturnType<typeof projectFormSchema>>;

export function projectFormDefaults(data?: ProjectFormData): ProjectFormValues {
  const text = Object.fromEntries(PROJECT_TEXT_FIELDS.map((f) => [f, data?.[f] ?? ''])) as Record<
    ProjectTextField,
    string
  >;
  const files = Object.fromEntries(PROJECT_FILE_FIELDS.map((f) => [f, null])) as Record<
    ProjectFileField,
    null
  >;
  return { ...text, ...files };
}
