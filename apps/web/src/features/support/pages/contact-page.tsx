import { CAPTCHA_INVALID, contactForm } from '@copaiba/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Container,
  Grid,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconBuildingCommunity, IconCoins, IconSend, IconWallet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CaptchaField, type CaptchaFieldHandle } from '@/components/captcha-field';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { useSendContact } from '../api/send-contact';
import classes from './contact-page.module.css';

const FIELDS = ['name', 'email', 'message'] as const;

const TOPICS = [
  {
    icon: IconCoins,
    title: 'Investimentos',
    text: 'Dúvidas sobre tokens, rentabilidade e cronogramas.',
  },
  { icon: IconWallet, title: 'Conta e carteira', text: 'Cadastro, depósitos, saques e segurança.' },
  {
    icon: IconBuildingCommunity,
    title: 'Seja emissor',
    text: 'Cooperativas e associações que querem tokenizar sua produção.',
  },
];

/** /contact (docs/product.md §2): name, e-mail, message and captcha; 'Enviar Mensagem'. */
export default function ContactPage() {
  usePageTitle('Contato');
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactForm),
    defaultValues: { name: '', email: '', message: '' },
  });

  const onValid = async (values: z.output<typeof contactForm>) => {
    if (!captcha) {
      setCaptchaError(CAPTCHA_INVALID);
      return;
    }
    try {
      const result = await send.mutateAsync({ ...values, captcha });
      notifySuccess(result.message);
      await navigate('/');
    } catch (error) {
      captchaRef.current?.reset();
      notifyError(errorMessage(error));
      if (isApiError(error) && error.status === 400) {
        const byField = fieldErrors(error.body);
        for (const field of FIELDS) {
          const message = byField[field];
          if (message) setError(field, { type: 'server', message });
        }
        if (byField.captcha) setCaptchaError(byField.captcha);
      }
    }
  };

  return (
    <div className={classes.page}>
      <Container size="lg" py={{ base: 32, sm: 64 }}>
        <Grid gap="xl" align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <div className={classes.aside}>
              <Stack gap="lg">
                <Title order={1} className={classes.asideTitle}>
                  Fale com a Copaíba
                </Title>
                <Text className={classes.asideText}>
                  Envie sua mensagem e nossa equipe responderá no e-mail informado. Estamos aqui
                  para ajudar investidores e emissores.
                </Text>
                <ul className={classes.topics}>
                  {TOPICS.map(({ icon: Icon, title, text }) => (
                    <li key={title}>
                      <span className={classes.topicIcon} aria-hidden>
                        <Icon size={20} stroke={1.7} />
                      </span>
                      <div>
                        <Text fw={700}>{title}</Text>
                        <Text size="sm" className={classes.asideText}>
                          {text}
                        </Text>
                      </div>
                    </li>
                  ))}
                </ul>
              </Stack>
            </div>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} className={classes.form}>
              <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate>
                <Stack gap="md">
                  <div>
                    <Title order={2} fz="xl" c="copaiba.9">
                      Envie sua mensagem
                    </Title>
                    <Text size="sm" c="dimmed">
                      Todos os campos são obrigatórios.
                    </Text>
                  </div>
                  <TextInput
                    label="Nome"
                    autoComplete="name"
                    error={errors.name?.message}
                    {...register('name')}
                  />
                  <TextInput
                    label="E-mail"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    error={errors.email?.message}
                    {...register('email')}
                  />
                  <Textarea
                    label="Mensagem"
                    autosize
                    minRows={5}
                    maxRows={12}
                    size="md"
                    error={errors.message?.message}
                    {...register('message')}
                  />
                  <CaptchaField
                    ref={captchaRef}
                    error={captchaError}
                    onChange={(payload) => {
                      setCaptcha(payload);
                      if (payload) setCaptchaError(null);
                    }}
                  />
                  <Button
                    type="submit"
                    size="md"
                    loading={send.isPending}
                    leftSection={<IconSend size={18} />}
                    mt="xs"
                  >
                    Enviar Mensagem
                  </Button>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </div>
  );
}
