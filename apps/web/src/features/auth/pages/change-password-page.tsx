import { changePasswordForm, passwordMessages, resetPasswordRules } from '@copaiba/contracts';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordRules, type RuleState } from '../components/password-rules';

const CODE_EXPIRED = 'Código expirado';
const CODE_EXPIRED_MESSAGE =
  'Código de resgate de senha expirado, solicite outro em "Esqueceu sua Senha?"';

/** docs/product.md §8: the message for a failed password reset. */
function resetErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { message?: unknown } | null;
    const byField = fieldErrors(error.body);
    if (error.status === 400 && byField.email) return byField.email;
    if (byField.password) return byField.password;
    if (body?.message === CODE_EXPIRED) return CODE_EXPIRED_MESSAGE;
  }
  return errorMessage(error);
}

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [confirmationError, setConfirmationError] = useState<string | null>(null);
  const resetPassword = useResetPassword();

  const rules: RuleState[] = [
    ...resetPasswordRules.map((rule) => ({
      key: rule.key,
      message: rule.message,
      passed: rule.test(password),
    })),
    {
      key: 'match',
      message: passwordMessages.match,
      passed: password.length > 0 && password === confirmation,
    },
  ];
  const allPassed = rules.every((rule) => rule.passed);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordForm.safeParse({
      password,
      password_confirmation: confirmation,
    });
    if (!parsed.success) {
      const mismatch = parsed.error.issues.find((i) => i.path[0] === 'password_confirmation');
      setConfirmationError(mismatch?.message ?? null);
      return;
    }
    setConfirmationError(null);
    try {
      const result = await resetPassword.mutateAsync({ password, email, token });
      notifySuccess(result.message);
      await navigate('/login', { replace: true });
    } catch (error) {
      notifyError(resetErrorMessage(error));
    }
  };

  const linkInvalid = !token || !email;

  return (
    <AuthCard
      title="Atualização de Senha"
      icon={<IconKey size={28} stroke={1.7} />}
      description="Crie uma nova senha para acessar sua conta."
    >
      {linkInvalid ? (
        <Alert color="oil" variant="light" icon={<IconAlertTriangle size={20} />}>
          O link de redefinição está incompleto. Solicite um novo em{' '}
          <Anchor component={Link} to="/password-recovery" inherit fw={600}>
            Esqueceu sua Senha?
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordInput
              label="Repetir nova senha"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => {
                setConfirmation(e.currentTarget.value);
                setConfirmationError(null);
              }}
              error={confirmationError}
            />
            <PasswordRules rules={rules} />
            <Button
              type="submit"
              size="md"
              fullWidth
              disabled={!allPassed}
              loading={resetPassword.isPending}
              mt="xs"
            >
              Enviar
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
