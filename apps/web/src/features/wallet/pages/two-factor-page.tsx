import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  Group,
  Image,
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
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserKey, walletKeys } from '@/lib/query-keys';
import { getWalletBalance } from '@/lib/wallet-balance';
import { activateTwoFactor } from '../api/activate-two-factor';
import { useTwoFactorUrl } from '../api/get-two-factor-url';
import { WalletCard } from '../components/wallet-card';
import { otpSecret } from '../lib/otp';
import { QR_SIZE, qrImageSource } from '../lib/qr-image';

const INCOMPLETE = 'Preencha o código de 6 dígitos encontrado no app!';

/** The otpauth URL as a QR image; while it is drawn, a placeholder of the same size. */
function OtpQrCode({ url }: { url: string }) {
  const image = useQuery({
    queryKey: walletKeys.twoFactorQr(url),
    queryFn: () => qrImageSource(url),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!image.data) {
    return (
      <Center w={QR_SIZE} h={QR_SIZE} mx="auto">
        {image.isError ? (
          <Text size="sm" c="dimmed" ta="center">
            Não foi possível gerar o QR code. Use a chave abaixo.
          </Text>
        ) : (
          <Loader aria-label="Gerando QR code" />
        )}
      </Center>
    );
  }
  return (
    <Image
      src={image.data}
      alt="QR code para o app autenticador"
      data-testid="otp-qr"
      w={QR_SIZE}
      h={QR_SIZE}
      mx="auto"
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}

/** /two-factor (docs/product.md §2, §4): a QR code (or the secret) for an authenticator app, then the 6-digit code. */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setup = useTwoFactorUrl();
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
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      const balance = await getWalletBalance();
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
              1. Escaneie o QR code com seu app autenticador
            </Text>
            <Text size="sm">
              Abra o Google Authenticator, Microsoft Authenticator ou outro app de sua preferência e
              escaneie o QR code abaixo.
            </Text>
            <OtpQrCode url={setup.data.url} />
            <Text size="sm" c="dimmed">
              Não consegue escanear? Adicione uma conta com chave de configuração e digite a chave
              abaixo (tipo: baseada em tempo).
            </Text>
            <Code
              block
              fz="md"
              ta="center"
              data-testid="otp-secret"
              style={{ whiteSpace: 'normal', wordSpacing: '0.25em' }}
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
