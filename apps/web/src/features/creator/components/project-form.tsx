import type { ProjectFormData } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { FileUploadField } from '@/components/file-upload-field';
import { FormActions } from '@/components/form-page';
import { FormSection } from '@/components/form-section';
import { errorMessage, GENERIC_ERROR, isApiError } from '@/lib/api-error';
import { changedFields } from '@/lib/changed-fields';
import { toFormData } from '@/lib/form-data';
import { notifyError } from '@/lib/notify';
import { isUnchangedEdit, showFieldErrors, useWorkspaceSubmit } from '@/lib/use-workspace-submit';
import { useCreateProject, useUpdateProject } from '../api/save-project';
import { firstFileError } from '../lib/first-error';
import {
  isRemovable,
  PROJECT_FILE_FIELDS,
  PROJECT_TEXT_FIELDS,
  projectFormDefaults,
  projectFormSchema,
  removeFlag,
  type ProjectFileField,
  type ProjectFormValues,
  type ProjectRemovableField,
  type ProjectTextField,
} from '../lib/project-form-schema';
import classes from './workspace-form.module.css';

const EDIT_ERROR = 'Erro ao editar projeto. Tente novamente mais tarde.';
const WIDE_HINT = 'Proporção 16:9 · até 5 MB';
const SQUARE_HINT = 'Proporção 1:1 · até 5 MB';
const PDF_HINT = 'Arquivo PDF · até 20 MB';
const ALL_FIELDS = [...PROJECT_TEXT_FIELDS, ...PROJECT_FILE_FIELDS] as string[];
const optional = (label: string) => `${label} (opcional)`;

interface ProjectFormProps {
  tokenId: number;
  /** The stored project (edit mode). */
  initial?: ProjectFormData;
}

/** The project of a token: create (POST, then '/') or edit (PUT only changes, removals). */
export function ProjectForm({ tokenId, initial }: ProjectFormProps) {
  const isEdit = !!initial;
  const createMutation = useCreateProject();
  const updateMutation = useUpdateProject();
  const { progress, submit } = useWorkspaceSubmit();
  /** Stored optional files the person chose to remove (sent as remove_<field>=true). */
  const [removed, setRemoved] = useState<ReadonlySet<ProjectFileField>>(() => new Set());
  const setRemovedFile = (field: ProjectFileField, value: boolean) =>
    setRemoved((previous) => {
      const next = new Set(previous);
      if (value) next.add(field);
      else next.delete(field);
      return next;
    });
  const pending = createMutation.isPending || updateMutation.isPending;

  const schema = useMemo(() => projectFormSchema(initial ?? {}), [initial]);
  const defaults = useMemo(() => projectFormDefaults(initial), [initial]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProjectFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: defaults,
  });

  /** docs/product.md §8: 409 and 400 show the server's words; anything else a generic message. */
  const showServerErrors = (error: unknown) => {
    const status = isApiError(error) ? error.status : 0;
    if (status === 409 || status === 400) notifyError(errorMessage(error));
    else notifyError(isEdit ? EDIT_ERROR : GENERIC_ERROR);
    showFieldErrors(error, ALL_FIELDS, setError);
  };

  const create = async (values: ProjectFormValues) => {
    const text: Record<string, string> = {};
    for (const field of PROJECT_TEXT_FIELDS) {
      const value = (values[field] ?? '').trim();
      if (value) text[field] = value;
    }
    const files = Object.fromEntries(PROJECT_FILE_FIELDS.map((f) => [f, values[f]]));
    const form = toFormData({ ...text, ...files });
    await submit((onProgress) => createMutation.mutateAsync({ tokenId, form, onProgress }), {
      next: '/',
      onError: showServerErrors,
    });
  };

  const update = async (values: ProjectFormValues) => {
    const current = Object.fromEntries([
      ...Object.keys(defaults).map((key) => [key, values[key as keyof ProjectFormValues]]),
      ...[...removed]
        .filter((f) => isRemovable(f) && !values[f])
        .map((f) => [removeFlag(f as ProjectRemovableField), true]),
    ]) as Record<string, string | boolean | File | null>;
    const changes = changedFields(defaults, current);
    if (isUnchangedEdit(changes)) return;
    const form = toFormData(changes);
    await submit((onProgress) => updateMutation.mutateAsync({ tokenId, form, onProgress }), {
      next: '/registered-token-list',
      onError: showServerErrors,
    });
  };

  const onInvalid = (formErrors: FieldErrors<ProjectFormValues>) => {
    const message = firstFileError(formErrors, PROJECT_FILE_FIELDS);
    if (message) notifyError(message);
  };

  const text = (
    field: ProjectTextField,
    label: string,
    extra: { description?: ReactNode } = {},
  ) => (
    <TextInput
      label={label}
      required={!isOptional(field)}
      autoComplete="off"
      description={extra.description}
      error={errors[field]?.message}
      {...register(field)}
    />
  );
  const longText = (field: ProjectTextField, label: string, description?: ReactNode) => (
    <Textarea
      label={label}
      description={description}
      autosize
      minRows={3}
      maxRows={10}
      required={!isOptional(field)}
      error={errors[field]?.message}
      {...register(field)}
    />
  );
  const file = (
    field: ProjectFileField,
    label: string,
    options: {
      kind?: 'image' | 'pdf';
      ratio?: number;
      hint: string;
      required?: boolean;
      ariaLabel?: string;
    },
  ) => {
    const removable = isEdit && isRemovable(field);
    return (
      <Controller
        control={control}
        name={field}
        render={({ field: f, fieldState }) => (
          <FileUploadField
            kind={options.kind ?? 'image'}
            name={field}
            label={label}
            ariaLabel={options.ariaLabel}
            description={options.hint}
            ratio={options.ratio ?? 16 / 9}
            value={f.value ?? null}
            onChange={f.onChange}
            currentUrl={initial?.[field]}
            removable={removable}
            removed={removable && removed.has(field)}
            onRemovedChange={(r) => setRemovedFile(field, r)}
            error={fieldState.error?.message}
            required={options.required}
            disabled={pending}
          />
        )}
      />
    );
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(isEdit ? update : create, onInvalid)(event)}
      noValidate
    >
      <Stack gap="lg">
        <FormSection
          title="Impacto"
          description="Os números do projeto que aparecem no resumo para os investidores."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {text('benefited_families', 'Famílias beneficiadas', {
              description: 'Ex.: 120 famílias',
            })}
            {text('territory', 'Território', { description: 'Município, estado ou comunidade.' })}
            {text('production_area_size', 'Tamanho da área de produção', {
              description: 'Ex.: 2.400 hectares',
            })}
            {text('arl_size', 'Tamanho da área de reserva legal (ARL)', {
              description: 'Ex.: 1.900 hectares',
            })}
            {text('production_volume', 'Volume de produção', {
              description: 'Ex.: 900 toneladas por ano',
            })}
            {text('covered_sdgs', 'ODS contemplados', {
              description: 'Ex.: ODS 2, 8 e 15',
            })}
          </SimpleGrid>
        </FormSection>

        <FormSection
          title="Pessoas"
          description="Quem vive e trabalha no projeto. O segundo e o terceiro textos e representantes são opcionais."
        >
          {longText('talk_about_people_involved', 'Sobre as pessoas envolvidas')}
          {longText('talk_about_people_involved2', optional('Sobre as pessoas envolvidas 2'))}
          {longText('talk_about_people_involved3', optional('Sobre as pessoas envolvidas 3'))}
          {([2, 3] as const).map((n) => (
            <Box key={n} component="fieldset" className={classes.fieldset}>
              <Title order={3} fz="md" mb="sm" p={0} component="legend">
                {`Representante ${n} (opcional)`}
              </Title>
              <div className={classes.representative}>
                {file(`photography_representative${n}`, `Foto do representante ${n}`, {
                  ratio: 1,
                  hint: SQUARE_HINT,
                })}
                <Stack gap="md">
                  {text(`name_representative${n}`, `Nome do representante ${n}`)}
                  {longText(`summary_representative${n}`, `Resumo do representante ${n}`)}
                </Stack>
              </div>
            </Box>
          ))}
        </FormSection>

        <FormSection title="Garantias e riscos">
          {longText('guarantees', 'Garantias', 'Como o investidor está protegido.')}
          {longText('risks', 'Riscos', 'O que pode afetar a produção e o pagamento.')}
        </FormSection>

        <FormSection title="Vídeos" description="Links de vídeos públicos (YouTube, Vimeo…).">
          {text('video_link', 'Link do vídeo', { description: 'https://…' })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {text('video_link2', optional('Link do vídeo 2'))}
            {text('video_link3', optional('Link do vídeo 3'))}
          </SimpleGrid>
        </FormSection>

        <FormSection title="Fotos" description="Imagens na proporção 16:9, de até 5 MB cada.">
          {(
            [
              ['Fotos do projeto', 'project_photography', 'Foto', 'Foto do projeto'],
              ['Resumo de impacto', 'impact_summary', 'Imagem', 'Resumo de impacto'],
            ] as const
          ).map(([heading, base, short, full]) => (
            <Box key={base} component="fieldset" className={classes.fieldset}>
              <Title order={3} fz="md" mb="sm" p={0} component="legend">
                {heading}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
                {([1, 2, 3] as const).map((n) => {
                  const name = (n === 1 ? base : `${base}${n}`) as ProjectFileField;
                  const suffix = n === 1 ? '' : ' (opcional)';
                  return (
                    <Box key={name}>
                      {file(name, `${short} ${n}${suffix}`, {
                        hint: WIDE_HINT,
                        ariaLabel: `${full} ${n}${suffix}`,
                      })}
                    </Box>
                  );
                })}
              </SimpleGrid>
            </Box>
          ))}
        </FormSection>

        <FormSection title="Documentos">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            {file('token_issuance_term', 'Termo de Emissão', {
              kind: 'pdf',
              hint: PDF_HINT,
              required: true,
            })}
            {file('deed_of_credit', optional('Título do Ativo'), { kind: 'pdf', hint: PDF_HINT })}
          </SimpleGrid>
        </FormSection>

        <FormActions progress={progress}>
          <Group justify="flex-end" gap="sm">
            {isEdit && (
              <Text size="sm" c="dimmed" mr="auto">
                Só os campos alterados são enviados.
              </Text>
            )}
            <Button component={Link} to="/registered-token-list" variant="default" size="md">
              Voltar
            </Button>
            <Button type="submit" size="md" loading={pending} miw={160}>
              {isEdit ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </FormActions>
      </Stack>
    </form>
  );
}

const OPTIONAL_TEXT = new Set<ProjectTextField>([
  'talk_about_people_involved2',
  'talk_about_people_involved3',
  'video_link2',
  'video_link3',
  'name_representative2',
  'summary_representative2',
  'name_representative3',
  'summary_representative3',
]);
function isOptional(field: ProjectTextField) {
  return OPTIONAL_TEXT.has(field);
}
