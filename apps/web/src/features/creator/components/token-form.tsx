import type { TokenFormData } from '@copaiba/contracts';
import { decimalToCents } from '@copaiba/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DateField } from '@/components/date-field';
import { FileUploadField } from '@/components/file-upload-field';
import { FormActions } from '@/components/form-page';
import { FormSection } from '@/components/form-section';
import { SELECT_PLACEHOLDER } from '@/components/select-placeholder';
import { errorMessage, isApiError } from '@/lib/api-error';
import { changedFields } from '@/lib/changed-fields';
import { toFormData } from '@/lib/form-data';
import { formatCents } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { isUnchangedEdit, showFieldErrors, useWorkspaceSubmit } from '@/lib/use-workspace-submit';
import { useCreateToken } from '../api/create-token';
import { useUpdateToken } from '../api/update-token';
import {
  TOKEN_FILE_FIELDS,
  TOKEN_TEXT_FIELDS,
  tokenFormDefaults,
  tokenFormSchema,
  tokenNormalizers,
  type TokenFormValues,
} from '../lib/token-form-schema';
import { firstFileError } from '../lib/first-error';
import { DecimalInput, MoneyInput } from '@/components/decimal-input';
import classes from './workspace-form.module.css';
import { controlled } from '@/lib/controlled';

const INSTALLMENT_OPTIONS = [
  SELECT_PLACEHOLDER,
  ...Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: i === 0 ? '1 parcela' : `${i + 1} parcelas`,
  })),
];
const IMAGE_HINT = 'Proporção 16:9 · até 5 MB';
const PDF_HINT = 'Arquivo PDF · até 20 MB';
const ALL_FIELDS = [...TOKEN_TEXT_FIELDS, ...TOKEN_FILE_FIELDS] as string[];

interface TokenFormProps {
  /** The stored token (edit mode). */
  initial?: TokenFormData;
}

/** The offer of a total: unit price × quantity, in integer centavos. */
function offerTotal(unitPrice: string, quantity: string): string | null {
  const cents = decimalToCents(unitPrice || '');
  if (cents === null || !/^\d{1,9}$/.test(quantity)) return null;
  return formatCents(cents * BigInt(quantity));
}

/** Cadastrar Token: create (POST, then '/') or edit (PUT only the changed fields). */
export function TokenForm({ initial }: TokenFormProps) {
  const isEdit = !!initial;
  const locked = initial?.status === 'issued';
  const navigate = useNavigate();
  const createMutation = useCreateToken();
  const updateMutation = useUpdateToken();
  const { progress, submit } = useWorkspaceSubmit();
  const pending = createMutation.isPending || updateMutation.isPending;

  const schema = useMemo(() => tokenFormSchema(initial ?? {}), [initial]);
  const defaults = useMemo(() => tokenFormDefaults(initial), [initial]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TokenFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: defaults,
  });
  const [unitPrice, quantity] = useWatch({ control, name: ['unit_price', 'quantity'] });
  const total = offerTotal(unitPrice, quantity);

  const showServerErrors = (error: unknown) => {
    notifyError(errorMessage(error));
    showFieldErrors(error, ALL_FIELDS, setError);
  };

  const create = async (values: TokenFormValues) => {
    const text = Object.fromEntries(TOKEN_TEXT_FIELDS.map((f) => [f, values[f]?.trim() ?? '']));
    if (!text.symbol) delete text.symbol;
    const files = Object.fromEntries(TOKEN_FILE_FIELDS.map((f) => [f, values[f]]));
    const form = toFormData({ ...text, ...files });
    await submit((onProgress) => createMutation.mutateAsync({ form, onProgress }), {
      next: '/',
      onError: async (error) => {
        // A 403 is a creator without an issuer: the form cannot help, so back to '/'.
        if (isApiError(error) && error.status === 403) {
          notifyError(errorMessage(error));
          await navigate('/');
          return;
        }
        showServerErrors(error);
      },
    });
  };

  const update = async (values: TokenFormValues) => {
    if (!initial) return;
    const current = Object.fromEntries([
      ...TOKEN_TEXT_FIELDS.map((f) => [f, values[f] ?? '']),
      ...TOKEN_FILE_FIELDS.map((f) => [f, values[f]]),
    ]) as Record<string, string | File | null>;
    const changes = changedFields(defaults, current, tokenNormalizers);
    // An emptied symbol keeps the stored one (the server derives symbols only on create).
    if (changes.symbol === '') delete changes.symbol;
    if (isUnchangedEdit(changes)) return;
    const form = toFormData(changes);
    await submit(
      (onProgress) => updateMutation.mutateAsync({ tokenId: initial.id, form, onProgress }),
      { next: '/registered-token-list', onError: showServerErrors },
    );
  };

  const onInvalid = (formErrors: FieldErrors<TokenFormValues>) => {
    const message = firstFileError(formErrors, TOKEN_FILE_FIELDS);
    if (message) notifyError(message);
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(isEdit ? update : create, onInvalid)(event)}
      noValidate
    >
      <Stack gap="lg">
        {locked && (
          <Alert color="oil" variant="light" icon={<IconInfoCircle />} title="Token emitido">
            Este token já foi emitido e não pode mais ser editado.
          </Alert>
        )}
        <fieldset disabled={locked} className={classes.fieldset}>
          <Stack gap="lg">
            <FormSection title="Dados do token">
              <div className={classes.nameRow}>
                <TextInput
                  label="Nome do token"
                  required
                  autoComplete="off"
                  error={errors.name?.message}
                  {...register('name')}
                />
                <TextInput
                  label="Símbolo"
                  description="Opcional. Se ficar vazio, é derivado do nome."
                  placeholder="ACAI26"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={8}
                  autoComplete="off"
                  styles={{ input: { textTransform: 'uppercase' } }}
                  error={errors.symbol?.message}
                  {...register('symbol')}
                />
              </div>
            </FormSection>

            <FormSection
              title="Condições da oferta"
              description="Valores em reais. As parcelas são pagas mensalmente a partir da primeira data."
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <Controller
                  control={control}
                  name="unit_price"
                  render={({ field, fieldState }) => (
                    <MoneyInput
                      label="Preço unitário"
                      description="Mínimo R$ 0,01."
                      required
                      {...controlled(field, fieldState)}
                      placeholder="R$ 0,00"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="quantity"
                  render={({ field, fieldState }) => (
                    <DecimalInput
                      label="Quantidade de tokens"
                      description="Número inteiro de unidades à venda."
                      required
                      places={0}
                      thousandSeparator="."
                      {...controlled(field, fieldState)}
                      placeholder="0"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="minimum_amount_raised"
                  render={({ field, fieldState }) => (
                    <MoneyInput
                      label="Captação mínima"
                      required
                      {...controlled(field, fieldState)}
                      placeholder="R$ 0,00"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="maximum_amount_raised"
                  render={({ field, fieldState }) => (
                    <MoneyInput
                      label="Captação máxima"
                      required
                      {...controlled(field, fieldState)}
                      placeholder="R$ 0,00"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="practiced_interest_rate"
                  render={({ field, fieldState }) => (
                    <DecimalInput
                      label="Juros praticados (%)"
                      description="Remuneração total do período, com até duas casas."
                      required
                      places={2}
                      suffix=" %"
                      allowedDecimalSeparators={[',', '.']}
                      {...controlled(field, fieldState)}
                      placeholder="0,00 %"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="installments"
                  render={({ field, fieldState }) => (
                    <NativeSelect
                      size="md"
                      label="Número de parcelas"
                      description="De 1 a 12 parcelas mensais."
                      required
                      data={INSTALLMENT_OPTIONS}
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="deadline_for_funding"
                  render={({ field, fieldState }) => (
                    <DateField
                      label="Prazo de captação"
                      description="Último dia da oferta; não pode ser anterior a hoje."
                      required
                      {...controlled(field, fieldState)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="first_date_installment"
                  render={({ field, fieldState }) => (
                    <DateField
                      label="Data da primeira parcela"
                      description="Não pode ser anterior ao prazo de captação."
                      required
                      {...controlled(field, fieldState)}
                    />
                  )}
                />
              </SimpleGrid>
              {total && (
                <Text size="sm" c="dimmed" data-testid="offer-total">
                  Valor total dos tokens (preço × quantidade):{' '}
                  <Text span fw={600} c="copaiba.9">
                    {total}
                  </Text>
                </Text>
              )}
              <Textarea
                label="Dados bancários para recebimento"
                description="Banco, agência e conta em nome da instituição emissora."
                autosize
                minRows={3}
                maxRows={8}
                required
                error={errors.bank_details_for_receipt?.message}
                {...register('bank_details_for_receipt')}
              />
            </FormSection>

            <FormSection
              title="Documentos"
              description="A lâmina resume o projeto para os investidores; as imagens aparecem na página do token."
            >
              <Controller
                control={control}
                name="project_blade"
                render={({ field, fieldState }) => (
                  <FileUploadField
                    kind="pdf"
                    name="project_blade"
                    label="Lâmina do projeto"
                    description={PDF_HINT}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    currentUrl={initial?.project_blade}
                    error={fieldState.error?.message}
                    required
                    disabled={pending || locked}
                  />
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
                <Controller
                  control={control}
                  name="operation_flow"
                  render={({ field, fieldState }) => (
                    <FileUploadField
                      kind="image"
                      name="operation_flow"
                      label="Fluxo de operações"
                      description={IMAGE_HINT}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      currentUrl={initial?.operation_flow}
                      error={fieldState.error?.message}
                      required
                      disabled={pending || locked}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="project_structure"
                  render={({ field, fieldState }) => (
                    <FileUploadField
                      kind="image"
                      name="project_structure"
                      label="Estrutura do projeto"
                      description={IMAGE_HINT}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      currentUrl={initial?.project_structure}
                      error={fieldState.error?.message}
                      required
                      disabled={pending || locked}
                    />
                  )}
                />
              </SimpleGrid>
            </FormSection>
          </Stack>
        </fieldset>

        <FormActions progress={progress}>
          <Group justify="flex-end" gap="sm">
            {isEdit && (
              <Text size="sm" c="dimmed" mr="auto">
                Só os campos alterados são enviados.
              </Text>
            )}
            {isEdit && (
              <Button component={Link} to="/registered-token-list" variant="default" size="md">
                Voltar
              </Button>
            )}
            <Button type="submit" size="md" loading={pending} disabled={locked} miw={160}>
              {isEdit ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </FormActions>
      </Stack>
    </form>
  );
}
