import { ISSUER_IMAGE_FIELDS, type IssuerFormData } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CaptchaField, type CaptchaFieldHandle } from '@/components/captcha-field';
import { DateField } from '@/components/date-field';
import { FileUploadField } from '@/components/file-upload-field';
import { FormActions } from '@/components/form-page';
import { FormSection } from '@/components/form-section';
import { MaskedTextInput } from '@/components/masked-text-input';
import { errorMessage, GENERIC_ERROR, isApiError } from '@/lib/api-error';
import { changedFields } from '@/lib/changed-fields';
import { toFormData } from '@/lib/form-data';
import { CNPJ_MASK, PHONE_MASK } from '@/lib/masks';
import { notifyError } from '@/lib/notify';
import { currentUserKey } from '@/lib/query-keys';
import { isUnchangedEdit, showFieldErrors, useWorkspaceSubmit } from '@/lib/use-workspace-submit';
import { useRegisterIssuer } from '../api/register-issuer';
import { useUpdateIssuer } from '../api/update-issuer';
import {
  ISSUER_TEXT_FIELDS,
  issuerFormDefaults,
  issuerFormSchema,
  issuerNormalizers,
  type IssuerFormValues,
  type IssuerImageField,
} from '../lib/issuer-form-schema';
import classes from './issuer-form.module.css';
import { controlled } from '@/lib/controlled';

/** docs/product.md §5 spells it with a lower-case i on this form. */
const ISSUER_CAPTCHA_INVALID = 'Recaptcha inválido';
const IMAGE_HINT_WIDE = 'Proporção 16:9 · até 5 MB';
const IMAGE_HINT_SQUARE = 'Proporção 1:1 · até 5 MB';
const ALL_FIELDS = [...ISSUER_TEXT_FIELDS, ...ISSUER_IMAGE_FIELDS] as string[];

const REPRESENTATIVES = [
  {
    n: 1,
    name: 'name_representative',
    summary: 'summary_representative',
    photo: 'photography_representative',
  },
  {
    n: 2,
    name: 'name_representative2',
    summary: 'summary_representative2',
    photo: 'photography_representative2',
  },
  {
    n: 3,
    name: 'name_representative3',
    summary: 'summary_representative3',
    photo: 'photography_representative3',
  },
] as const;

interface IssuerFormProps {
  mode: 'create' | 'edit';
  /** The stored issuer (edit). */
  initial?: IssuerFormData;
}

/** Seja Emissor (create, with captcha) and Dados de Emissor (edit, only changed fields). */
export function IssuerForm({ mode, initial }: IssuerFormProps) {
  const isEdit = mode === 'edit';
  const queryClient = useQueryClient();
  const registerMutation = useRegisterIssuer();
  const updateMutation = useUpdateIssuer();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const { progress, submit } = useWorkspaceSubmit();

  const schema = useMemo(() => issuerFormSchema(initial ?? {}), [initial]);
  const defaults = useMemo(() => issuerFormDefaults(initial), [initial]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<IssuerFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: defaults,
  });

  const pending = registerMutation.isPending || updateMutation.isPending;

  const showServerErrors = (error: unknown) => {
    const status = isApiError(error) ? error.status : 0;
    // docs/product.md §8: the edit speaks like the project form (server words for 400/409, else generic).
    notifyError(isEdit && status !== 400 && status !== 409 ? GENERIC_ERROR : errorMessage(error));
    const byField = showFieldErrors(error, ALL_FIELDS, setError);
    if (byField.captcha) setCaptchaError(ISSUER_CAPTCHA_INVALID);
  };

  const create = async (values: IssuerFormValues) => {
    if (!captcha) {
      setCaptchaError(ISSUER_CAPTCHA_INVALID);
      return;
    }
    const text = Object.fromEntries(ISSUER_TEXT_FIELDS.map((f) => [f, values[f].trim()]));
    const images = Object.fromEntries(ISSUER_IMAGE_FIELDS.map((f) => [f, values[f]]));
    const form = toFormData({
      ...text,
      cnpj: issuerNormalizers.cnpj(values.cnpj),
      ...images,
      intention_project_manager: values.intention_project_manager ? 'true' : 'false',
      captcha,
    });
    await submit((onProgress) => registerMutation.mutateAsync({ form, onProgress }), {
      next: '/',
      // Seja Emissor then shows 'Cadastro em análise', from the user's intention_token_creator.
      onSaved: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
      onError: (error) => {
        captchaRef.current?.reset();
        showServerErrors(error);
      },
    });
  };

  const update = async (values: IssuerFormValues) => {
    const current = Object.fromEntries([
      ...ISSUER_TEXT_FIELDS.map((f) => [f, values[f]]),
      ...ISSUER_IMAGE_FIELDS.map((f) => [f, values[f]]),
    ]) as Record<string, string | File | null>;
    const changes = changedFields(defaults, current, issuerNormalizers);
    if (isUnchangedEdit(changes)) return;
    if (typeof changes.cnpj === 'string') changes.cnpj = issuerNormalizers.cnpj(changes.cnpj);
    const form = toFormData(changes);
    await submit((onProgress) => updateMutation.mutateAsync({ form, onProgress }), {
      next: '/',
      onError: showServerErrors,
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!isEdit && !captcha) setCaptchaError(ISSUER_CAPTCHA_INVALID);
    void handleSubmit(isEdit ? update : create)(event);
  };

  const imageField = (field: IssuerImageField, label: string, ratio: number, hint: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f, fieldState }) => (
        <FileUploadField
          kind="image"
          name={field}
          label={label}
          description={hint}
          ratio={ratio}
          value={f.value ?? null}
          onChange={f.onChange}
          currentUrl={initial?.[field]}
          error={fieldState.error?.message}
          required
          disabled={pending}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection
          title="Dados da instituição"
          description="Informações públicas da instituição que emitirá os tokens."
        >
          <TextInput
            label="Instituição"
            required
            autoComplete="organization"
            error={errors.institution?.message}
            {...register('institution')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="cnpj"
              render={({ field, fieldState }) => (
                <MaskedTextInput
                  label="CNPJ"
                  required
                  name={field.name}
                  mask={CNPJ_MASK}
                  defaultValue={field.value}
                  inputRef={field.ref}
                  onAccept={(_, unmasked) => field.onChange(unmasked)}
                  onBlur={field.onBlur}
                  placeholder="99.999.999/9999-99"
                  autoComplete="off"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="founding_date"
              render={({ field, fieldState }) => (
                <DateField label="Data de fundação" required {...controlled(field, fieldState)} />
              )}
            />
            <TextInput
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Controller
              control={control}
              name="phone"
              render={({ field, fieldState }) => (
                <MaskedTextInput
                  label="Telefone"
                  required
                  name={field.name}
                  mask={PHONE_MASK}
                  defaultValue={field.value}
                  inputRef={field.ref}
                  onAccept={(_, unmasked) => field.onChange(unmasked)}
                  onBlur={field.onBlur}
                  placeholder="+55 (91) 9 9999-9999"
                  inputMode="tel"
                  autoComplete="tel"
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label="Site"
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="url"
            required
            error={errors.site?.message}
            {...register('site')}
          />
          <Textarea
            label="Resumo da instituição"
            description="Quem é a instituição, onde atua e sua experiência."
            autosize
            minRows={4}
            maxRows={12}
            required
            error={errors.summary?.message}
            {...register('summary')}
          />
          <Textarea
            label="O que deseja tokenizar"
            description="O ativo natural ou a produção que lastreará os tokens."
            autosize
            minRows={3}
            maxRows={10}
            required
            error={errors.what_to_tokenize?.message}
            {...register('what_to_tokenize')}
          />
        </FormSection>

        <FormSection
          title="Representantes"
          description="As três pessoas que representam a instituição, com foto de rosto."
        >
          <Stack gap="xl">
            {REPRESENTATIVES.map((rep) => (
              <Box key={rep.n} component="fieldset" m={0} p={0} style={{ border: 0 }}>
                <Title order={3} fz="md" mb="sm" p={0} component="legend">
                  {`Representante ${rep.n}`}
                </Title>
                <div className={classes.representative}>
                  {imageField(rep.photo, `Foto do representante ${rep.n}`, 1, IMAGE_HINT_SQUARE)}
                  <Stack gap="md">
                    <TextInput
                      label={`Nome do representante ${rep.n}`}
                      required
                      autoComplete="off"
                      error={errors[rep.name]?.message}
                      {...register(rep.name)}
                    />
                    <Textarea
                      label={`Resumo do representante ${rep.n}`}
                      description="Cargo e trajetória."
                      autosize
                      minRows={3}
                      maxRows={8}
                      required
                      error={errors[rep.summary]?.message}
                      {...register(rep.summary)}
                    />
                  </Stack>
                </div>
              </Box>
            ))}
          </Stack>
        </FormSection>

        <FormSection
          title="Imagens"
          description="A imagem aparece nos cartões de token e na página do emissor; o logo, ao lado do nome."
        >
          <div className={classes.images}>
            {imageField('token_issuer_image', 'Imagem do emissor', 16 / 9, IMAGE_HINT_WIDE)}
            {imageField('logo_image', 'Logo', 1, IMAGE_HINT_SQUARE)}
          </div>
        </FormSection>

        <FormActions progress={progress}>
          {!isEdit && (
            <Stack gap="md">
              <Checkbox
                label="Também quero ser gestor de projeto"
                description="Gestores de projeto enviam os relatórios de atualização dos projetos."
                {...register('intention_project_manager')}
              />
              <CaptchaField
                ref={captchaRef}
                error={captchaError}
                onChange={(payload) => {
                  setCaptcha(payload);
                  if (payload) setCaptchaError(null);
                }}
              />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            {isEdit && (
              <Text size="sm" c="dimmed" mr="auto">
                Só os campos alterados são enviados.
              </Text>
            )}
            <Button type="submit" size="md" loading={pending} miw={160}>
              {isEdit ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </FormActions>
      </Stack>
    </form>
  );
}
