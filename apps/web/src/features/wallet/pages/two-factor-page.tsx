import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  Group,
  List,
  Loader,
  Stack,
  Text,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { refreshSession } from '@/lib/api-client';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { CURRENT_USER_QUERY_KEY } from '@/lib/current-user';
import { notifyError, notifySuccess } from '@/lib/notify';
import { activateTwoFactor, getBalance, getTwoFactorUrl } from '../api/wallet';
import { WalletCard } from '../components/wallet-card';
import { otpSecret } from '../lib/otp';

const INCOMPLETE = 'Preencha o código de 6 dígitos encontrado no app!';

/** /two-factor (SPEC §2, §4): the secret to add to an authenticator app, then the 6-digit code. */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useQuery({
    queryKey: ['wallet', 'twoauth'],
    queryFn: getTwoFactorUrl,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function activate() {
    if (!isCodeComplete(code)) {
      setError(INCOMPLETE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await refreshSession().catch(() => false);
      const result = await activateTwoFactor(code);
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      const balance = await getBalance();
      await navigate('/withdraw', {
        state: {
          withdrawal_to_use: balance.withdrawal_to_use,
          maximum_withdrawal_limit: balance.maximum_withdrawal_limit,
          balance: balance.balance,
        },
      });
    } catch (err) {
      const message = isApiError(err)
        ? (fieldErrors(err.body).token ?? errorMessage(err, 'Erro desconhecido.'))
        : 'Erro desconhecido.';
      setError(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  }

  const secret = setup.data ? otpSecret(setup.data.url) : null;

  return (
    <WalletCard title="Autenticação em Dois Fatores">
      {setup.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando" />
        </Center>
      ) : setup.isError ? (
        <Stack gap="md">
          <Alert
            color={isApiError(setup.error) && setup.error.status === 409 ? 'blue' : 'red'}
            role="alert"
          >
            {errorMessage(setup.error)}
          </Alert>
          <Button variant="default" component={Link} to="/wallet">
            Voltar
          </Button>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Stack gap="xs">
            <Text fw={700} c="copaiba.9">
              1. Adicione a Copaíba ao seu app autenticador
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>
                Abra o Google Authenticator, Microsoft Authenticator ou outro app de sua preferência
                e escolha adicionar uma conta com chave de configuração.
              </List.Item>
              <List.Item>Digite a chave abaixo (tipo: baseada em tempo).</List.Item>
            </List>
            <Code
              block
              fz="md"
              ta="center"
              data-testid="otp-secret"
              style={{ wordBreak: 'break-all' }}
            >
              {secret ?? '-'}
            </Code>
            <Anchor href={setup.data.url} size="sm">
              Abrir no app autenticador deste dispositivo
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Text fw={700} c="copaiba.9">
              2. Digite o código de 6 dígitos exibido no app
            </Text>
            <CodeBoxes
              value={code}
              onChange={(value) => {
                setCode(value);
                setError(null);
              }}
              label="Código do app autenticador"
              error={error}
            />
          </Stack>
          <Group grow>
            <Button variant="default" component={Link} to="/wallet">
              Voltar
            </Button>
            <Button
              onClick={() => void activate()}
              loading={submitting}
              leftSection={<IconShieldCheck size={18} />}
            >
              Ativar
            </Button>
          </Group>
        </Stack>
      )}
    </WalletCard>
  );
}
