import { confirmEmailBody, emailField } from '@copaiba/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConfirmEmail } from '../api/confirm-email';
import { useResendConfirmationCode } from '../api/resend-confirmation-code';
import { AuthCard } from '../components/auth-card';

function stateEmail(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    if (typeof state.email === 'string') return state.email;
  }
  return '';
}

export default function ConfirmAccountPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const emailFromState = stateEmail(location.state);
  const [email, setEmail] = useState(emailFromState);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const confirm = useConfirmEmail();
  const resend = useResendConfirmationCode();

  const validEmail = (): string | null => {
    const parsed = emailField.safeParse(email);
    if (parsed.success) {
      setEmailError(null);
      return parsed.data;
    }
    setEmailError(parsed.error.issues[0]?.message ?? null);
    return null;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = validEmail();
    if (!address || !isCodeComplete(code)) return;
    const body = confirmEmailBody.parse({ email: address, token: code });
    try {
      const result = await confirm.mutateAsync(body);
      notifySuccess(result.message);
      await navigate('/login', { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const onResend = async () => {
    const address = validEmail();
    if (!address) return;
    try {
      const result = await resend.mutateAsync({ email: address });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <AuthCard
      title="Confirme seu e-mail"
      icon={<IconMailCheck size={28} stroke={1.7} />}
      description={
        emailFromState ? (
          <>
            Enviamos um código de 6 dígitos para{' '}
            <Text span fw={600} c="copaiba.9" inherit>
              {emailFromState}
            </Text>
            . Digite-o abaixo para ativar sua conta.
          </>
        ) : (
          'Informe seu e-mail e o código de 6 dígitos que enviamos para ativar sua conta.'
        )
      }
      footer={
        <Text size="sm" c="dimmed">
          Já confirmou?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Ir para o login
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="lg">
          {!emailFromState && (
            <TextInput
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
            />
          )}
          <CodeBoxes
            label="Código de confirmação"
            withLabel={!emailFromState}
            value={code}
            onChange={setCode}
            autoFocus={Boolean(emailFromState)}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={!isCodeComplete(code)}
            loading={confirm.isPending}
          >
            Confirmar Conta
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Não recebeu o código?
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => void onResend()}
              disabled={resend.isPending}
            >
              Reenviar código
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
