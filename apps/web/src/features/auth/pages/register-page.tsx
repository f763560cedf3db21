import { CAPTCHA_INVALID, REGISTER_SYMBOL_HINT, registerForm } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { CaptchaField, type CaptchaFieldHandle } from '@/components/captcha-field';
import { MaskedTextInput } from '@/components/masked-text-input';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { BR_DATE_MASK, CPF_CNPJ_MASK } from '@/lib/masks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { NewTabAnchor } from '@/components/new-tab-anchor';

const TERMS_URL = '/terms.pdf';
const SERVER_FIELDS = ['name', 'email', 'password', 'cpf_cnpj', 'birth_date'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const registerMutation = useRegister();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: {
      name: '',
      email: '',
      cpf_cnpj: '',
      birth_date: '',
      password: '',
      password_confirmation: '',
    },
  });

  const onValid = async (values: z.output<typeof registerForm>) => {
    if (!captcha) {
      setCaptchaError(CAPTCHA_INVALID);
      return;
    }
    try {
      const result = await registerMutation.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        cpf_cnpj: values.cpf_cnpj,
        birth_date: values.birth_date,
        captcha,
        terms_accepted: values.terms,
      });
      notifySuccess(result.message);
      await navigate('/confirmation-account', { state: { email: values.email } });
    } catch (error) {
      captchaRef.current?.reset();
      notifyError(errorMessage(error));
      if (isApiError(error) && error.status === 400) {
        const byField = fieldErrors(error.body);
        for (const field of SERVER_FIELDS) {
          const message = byField[field];
          if (message) setError(field, { type: 'server', message });
        }
        if (byField.captcha) setCaptchaError(byField.captcha);
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!captcha) setCaptchaError(CAPTCHA_INVALID);
    void handleSubmit(onValid)(event);
  };

  return (
    <AuthCard
      title="Crie sua conta"
      description="Cadastre-se para investir em tokens lastreados em ativos naturais da Amazônia."
      width={620}
      footer={
        <Text size="sm" c="dimmed">
          Já possui uma conta?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Faça login
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nome"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <Controller
              control={control}
              name="cpf_cnpj"
              render={({ field, fieldState }) => (
                <MaskedTextInput
                  label="CPF ou CNPJ"
                  name={field.name}
                  mask={CPF_CNPJ_MASK}
                  inputRef={field.ref}
                  onAccept={(_, unmasked) => field.onChange(unmasked)}
                  onBlur={field.onBlur}
                  autoComplete="off"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="birth_date"
              render={({ field, fieldState }) => (
                <MaskedTextInput
                  label="Data de nascimento"
                  name={field.name}
                  mask={BR_DATE_MASK}
                  inputRef={field.ref}
                  onAccept={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  placeholder="DD/MM/AAAA"
                  inputMode="numeric"
                  autoComplete="bday"
                  error={fieldState.error?.message}
                />
              )}
            />
            <PasswordInput
              label="Senha"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <PasswordInput
              label="Repetir senha"
              autoComplete="new-password"
              error={errors.password_confirmation?.message}
              {...register('password_confirmation')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-6} id="password-hint">
            A senha deve ter no mínimo 10 caracteres, pelo menos um número, uma letra maiúscula e um
            símbolo especial ({REGISTER_SYMBOL_HINT}).
          </Text>
          <Checkbox
            label={
              <>
                Li e aceito os{' '}
                <NewTabAnchor href={TERMS_URL} inherit>
                  Termos de uso
                </NewTabAnchor>{' '}
                e a{' '}
                <NewTabAnchor href={TERMS_URL} inherit>
                  Política de privacidade
                </NewTabAnchor>
              </>
            }
            error={errors.terms?.message}
            {...register('terms')}
          />
          <CaptchaField
            ref={captchaRef}
            error={captchaError}
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(null);
            }}
          />
          <Button type="submit" size="md" fullWidth loading={registerMutation.isPending} mt="xs">
            Criar Conta
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
