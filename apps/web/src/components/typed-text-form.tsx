import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';

type TextBody = Record<string, string>;

interface TypedTextFormProps {
  /** The body's one text field and its schema (e.g. askQuestionBody's `question`). */
  field: string;
  schema: z.ZodType<TextBody, TextBody>;
  label: string;
  placeholder?: string;
  /** The most characters the field takes, for the counter. */
  max: number;
  submitLabel: string;
  /** Sends the text; resolves with the server's message for the toast. */
  send: (text: string) => Promise<string>;
}

/**
 * A form with one text a person types (a question, an answer: docs/product.md §16): the counter,
 * the schema's messages under the field, the server's message as a toast, emptied once sent.
 */
export function TypedTextForm({
  field,
  schema,
  label,
  placeholder,
  max,
  submitLabel,
  send,
}: TypedTextFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TextBody>({ resolver: zodResolver(schema), defaultValues: { [field]: '' } });
  const length = (useWatch({ control, name: field }) ?? '').length;

  const onValid = async (values: TextBody) => {
    try {
      notifySuccess(await send(values[field] ?? ''));
      reset({ [field]: '' });
    } catch (error) {
      notifyError(errorMessage(error));
      const message = isApiError(error) && error.status === 400 && fieldErrors(error.body)[field];
      if (message) setError(field, { type: 'server', message });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={label}
          placeholder={placeholder}
          autosize
          minRows={3}
          maxRows={10}
          description={`${length}/${max} caracteres`}
          error={errors[field]?.message}
          {...register(field)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
