import type { loginBody } from '@copaiba/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CaptchaField, type CaptchaFieldHandle } from '@/components/captcha-field';
import { isApiError, errorMessage } from '@/lib/api-error';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notifyError, notifySuccess } from '@/lib/notify';
import { setTokens } from '@/lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { TwoFactorStep } from '../components/two-factor-step';

// The schema comes with the contracts and zod: loaded when the person starts filling the form.
const validation = lazyResolver(() => import('../lib/login-resolver').then((m) => m.loginResolver));

export default function LoginPage() {
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const loginMutation = useLogin();
  // With two-factor on, the password opens a second step (docs/product.md §19).
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', captcha: '' },
  });

  const onValid = async (values: z.output<typeof loginBody>) => {
    try {
      const result = await loginMutation.mutateAsync(values);
      if ('two_factor_required' in result) {
        setChallenge(result.challenge);
        return;
      }
      notifySuccess(result.detail);
      // Signed in, the login screen's guard (GuestOnly) takes the person to the wallet.
      setTokens(result.access, result.refresh);
    } catch (error) {
      captchaRef.current?.reset();
      notifyError(errorMessage(error));
      if (isApiError(error) && error.status === 403)
        await navigate('/confirmation-account', { state: { email: values.email } });
    }
  };

  if (challenge)
    return (
      <AuthCard
        title="Verificação em duas etapas"
        description="Digite o código de 6 dígitos que o seu app autenticador mostra agora."
      >
        <TwoFactorStep
          challenge={challenge}
          onRestart={() => {
            captchaRef.current?.reset();
            setChallenge(null);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard
      title="Acesse sua conta"
      description="Entre para acompanhar sua carteira e investir em ativos naturais da Amazônia."
      footer={
        <Text size="sm" c="dimmed">
          Ainda não tem conta?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Criar Conta
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={(e) => void handleSubmit(onValid)(e)} onFocus={validation.preload} noValidate>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <div>
            <PasswordInput
              label="Senha"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Group justify="flex-end" mt={8}>
              <Anchor component={Link} to="/password-recovery" size="sm" fw={500}>
                Esqueceu sua Senha?
              </Anchor>
            </Group>
          </div>
          <CaptchaField
            ref={captchaRef}
            error={errors.captcha?.message ?? null}
            onChange={(payload) =>
              // Re-checked only after a submit has shown errors: the widget solves itself on
              // arrival, and validating then would load the schema before anyone types.
              setValue('captcha', payload ?? '', {
                shouldValidate: Boolean(payload) && isSubmitted,
              })
            }
          />
          <Button type="submit" size="md" fullWidth loading={loginMutation.isPending} mt="xs">
            Entrar
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
