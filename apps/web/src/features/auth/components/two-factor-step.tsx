import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { setTokens } from '@/lib/session';
import { loginTwoFactor } from '../api/login';

// The contracts' TOTP_INCOMPLETE, not imported: the login's chunk loads no zod.
const INCOMPLETE = 'Preencha o código de 6 dígitos encontrado no app!';
const RECOVERY_MISSING = 'Digite um dos seus códigos de recuperação.';

/**
 * The login's second step (docs/product.md §19): the six boxes of the authenticator's code, or a
 * one-time recovery code. A challenge that expired, was spent, or whose account locked sends the
 * person back to the password.
 */
export function TwoFactorStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(typed = code) {
    if (useRecovery ? !recovery.trim() : !isCodeComplete(typed)) {
      setError(useRecovery ? RECOVERY_MISSING : INCOMPLETE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await loginTwoFactor(
        useRecovery ? { challenge, recovery_code: recovery } : { challenge, code: typed },
      );
      notifySuccess(result.detail);
      // Signed in, the login screen's guard (GuestOnly) takes the person to the wallet.
      setTokens(result.access, result.refresh);
    } catch (err) {
      const field = isApiError(err) ? fieldErrors(err.body) : {};
      const message = field.code ?? field.recovery_code;
      if (isApiError(err) && err.status === 400 && message) {
        setError(message);
        setCode('');
      } else {
        notifyError(errorMessage(err));
        onRestart();
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {useRecovery ? (
          <TextInput
            label="Código de recuperação"
            description="Um dos 10 códigos que você guardou ao ativar a verificação; cada um vale uma vez."
            placeholder="ABCDE-23456"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={recovery}
            onChange={(e) => {
              setRecovery(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
        ) : (
          <CodeBoxes
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            onComplete={(complete) => void submit(complete)}
            label="Código do app autenticador"
            withLabel
            error={error}
            disabled={submitting}
            autoFocus
          />
        )}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          Confirmar
        </Button>
        <Stack gap={4} align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setError(null);
            }}
          >
            {useRecovery ? 'Usar o código do app autenticador' : 'Usar um código de recuperação'}
          </Anchor>
          <Text size="sm" c="dimmed">
            <Anchor component="button" type="button" size="sm" onClick={onRestart}>
              Voltar
            </Anchor>
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
