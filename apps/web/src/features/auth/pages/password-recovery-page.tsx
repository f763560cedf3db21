import { passwordResetRequestBody } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconLockQuestion } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';

export default function PasswordRecoveryPage() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await requestReset.mutateAsync(values);
      notifySuccess(result.message);
    } catch (error) {
      const emailError = isApiError(error) ? fieldErrors(error.body).email : undefined;
      if (emailError) setError('email', { type: 'server', message: emailError });
      notifyError(emailError ?? errorMessage(error));
    }
  });

  return (
    <AuthCard
      title="Recuperação de Senha"
      icon={<IconLockQuestion size={28} stroke={1.7} />}
      description="Informe o e-mail da sua conta e enviaremos as instruções para criar uma nova senha."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="lg">
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Group grow gap="sm">
            <Button component={Link} to="/login" variant="default" size="md">
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={requestReset.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
