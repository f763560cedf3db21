import { workspaceMessages } from '@copaiba/contracts';
import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldErrors, isApiError } from './api-error';
import { nothingChanged, type FormFieldValue } from './changed-fields';
import { notifyError, notifySuccess } from './notify';

interface SubmitOptions {
  /** Where a saved form goes. */
  next: string;
  /** After the server's message and before leaving, e.g. reading the user's new roles. */
  onSaved?: () => Promise<unknown>;
  /** The form's toast and inline messages for a failure. */
  onError: (error: unknown) => void | Promise<void>;
}

/**
 * The submit of the issuer, token and project forms (docs/product.md §13: upload progress): the
 * files' progress while the body is sent, then the server's message as a toast and the next screen.
 */
export function useWorkspaceSubmit() {
  const navigate = useNavigate();
  /** Fraction of the body sent (0–1) while submitting; null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);

  async function submit(
    send: (onProgress: (fraction: number) => void) => Promise<{ message: string }>,
    { next, onSaved, onError }: SubmitOptions,
  ) {
    setProgress(0);
    try {
      const result = await send(setProgress);
      notifySuccess(result.message);
      await onSaved?.();
      await navigate(next);
    } catch (error) {
      await onError(error);
    } finally {
      setProgress(null);
    }
  }

  return { progress, submit };
}

/** An edit that changes nothing says 'Nenhum campo foi alterado' and sends nothing (docs/product.md §5). */
export function isUnchangedEdit(changes: Partial<Record<string, FormFieldValue>>): boolean {
  if (!nothingChanged(changes)) return false;
  notifyError(workspaceMessages.nothingChanged);
  return true;
}

/**
 * A 400's messages under the inputs of the form that has them (docs/product.md §8 shows the first in
 * a toast too); returns every field's message, the form's or not.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  const byField = fieldErrors(error.body);
  for (const [field, message] of Object.entries(byField)) {
    if (fields.includes(field)) setError(field as FieldPath<T>, { type: 'server', message });
  }
  return byField;
}
