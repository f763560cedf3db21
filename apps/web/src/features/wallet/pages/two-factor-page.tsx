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
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { securityMessages, TOTP_INCOMPLETE, type User } from '@copaiba/contracts';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { refreshSession } from '@/lib/api-client';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { notifyError, notifySuccess } from '@/lib/notify';
import { currentUserKey, walletKeys } from '@/lib/query-keys';
import { getWalletBalance } from '@/lib/wallet-balance';
import { activateTwoFactor } from '../api/activate-two-factor';
import { disableTwoFactor } from '../api/disable-two-factor';
import { useTwoFactorUrl } from '../api/get-two-factor-url';
import { RecoveryCodes } from '../components/recovery-codes';
import { WalletCard } from '../components/wallet-card';
import { otpSecret } from '../lib/otp';
import { QR_SIZE, qrImageSource } from '../lib/qr-image';

/** Where /two-factor was sent from: an admin or creator screen that needs it (docs/product.md §19). */
interface Arrival {
  required?: boolean;
  from?: string;
}

/**
 * The server has answered: the cached user says so at once, before the next screen reads it
 * (/withdraw sends a user without two-factor away), and is then read again.
 */
async function settleTwoFactor(queryClient: QueryClient, on: boolean) {
  queryClient.setQueryData<User>(
    currentUserKey,
    (user) => user && { ...user, is_two_factor_authentication: on },
  );
  await queryClient.invalidateQueries({ queryKey: currentUserKey });
}

/** The message of a refused code: the field's, else the detail. */
const codeError = (err: unknown, field: string) =>
  isApiError(err)
    ? (fieldErrors(err.body)[field] ?? errorMessage(err, 'Erro desconhecido.'))
    : 'Erro desconhecido.';

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
          <Loader role="status" aria-label="Gerando QR code" />
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

/**
 * /two-factor (docs/product.md §2, §4, §19): with two-factor off, a QR code (or the secret) for an
 * authenticator app, then the 6-digit code, then the recovery codes shown once; with it on, how to
 * turn it off (not for administrators and token creators, who must keep it).
 */
export default function TwoFactorPage() {
  const navigate = useNavigate();
  const arrival = (useLocation().state ?? {}) as Arrival;
  const { data: user, isPending } = useCurrentUser();
  const [codes, setCodes] = useState<string[] | null>(null);

  /** After the codes: back where the person was sent from, or on to the withdrawal. */
  async function carryOn() {
    if (arrival.from) {
      await navigate(arrival.from, { replace: true });
      return;
    }
    const balance = await getWalletBalance();
    await navigate('/withdraw', {
      state: {
        withdrawal_to_use: balance.withdrawal_to_use,
        maximum_withdrawal_limit: balance.maximum_withdrawal_limit,
        balance: balance.balance,
      },
    });
  }

  return (
    <WalletCard title="Autenticação em Dois Fatores">
      {codes ? (
        <Stack gap="lg">
          <Text>
            Pronto: a partir de agora o login pede o código do app autenticador depois da senha.
          </Text>
          <RecoveryCodes codes={codes} />
          <Button onClick={() => void carryOn()}>Continuar</Button>
        </Stack>
      ) : isPending || !user ? (
        <Center py="xl">
          <Loader role="status" aria-label="Carregando" />
        </Center>
      ) : user.is_two_factor_authentication ? (
        <TwoFactorOn user={user} />
      ) : (
        <TwoFactorSetup required={Boolean(arrival.required)} onActivated={setCodes} />
      )}
    </WalletCard>
  );
}

/** Two-factor off: the QR code or the secret, then the app's code. */
function TwoFactorSetup({
  required,
  onActivated,
}: {
  required: boolean;
  onActivated: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const setup = useTwoFactorUrl();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function activate() {
    if (!isCodeComplete(code)) {
      setError(TOTP_INCOMPLETE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await refreshSession().catch(() => false);
      const result = await activateTwoFactor(code);
      notifySuccess(result.message);
      await settleTwoFactor(queryClient, true);
      onActivated(result.recovery_codes);
    } catch (err) {
      const message = codeError(err, 'token');
      setError(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  }

  const secret = setup.data ? otpSecret(setup.data.url) : null;

  if (setup.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Carregando" />
      </Center>
    );
  if (setup.isError)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {errorMessage(setup.error)}
        </Alert>
        <Button variant="default" component={Link} to="/wallet">
          Voltar
        </Button>
      </Stack>
    );
  return (
    <Stack gap="lg">
      {required && (
        <Alert color="oil" variant="light" title={securityMessages.twoFactorRequired}>
          Administradores e criadores de tokens entram com senha e código do app autenticador. Ative
          abaixo; depois você volta para onde estava.
        </Alert>
      )}
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
  );
}

/** Two-factor on: it stays for admins and creators; anyone else may turn it off with a code. */
function TwoFactorOn({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const mustKeep = user.is_admin || user.is_token_creator;

  async function turnOff() {
    if (!isCodeComplete(code)) {
      setError(TOTP_INCOMPLETE);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await disableTwoFactor(code);
      notifySuccess(result.message);
      setCode('');
      await settleTwoFactor(queryClient, false);
    } catch (err) {
      const message = codeError(err, 'code');
      setError(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="lg">
      <Alert color="green" variant="light" icon={<IconShieldCheck size={20} />}>
        A autenticação em dois fatores está ativada: o login pede o código do app autenticador
        depois da senha.
      </Alert>
      {mustKeep ? (
        <Text size="sm" c="dimmed">
          {securityMessages.privilegedKeepsTwoFactor}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700} c="copaiba.9">
            Desativar
          </Text>
          <Text size="sm">
            Para desativar, digite o código de 6 dígitos que o app autenticador mostra agora.
          </Text>
          <CodeBoxes
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            label="Código atual do app autenticador"
            error={error}
          />
          <Button
            color="red"
            variant="light"
            onClick={() => void turnOff()}
            loading={submitting}
            leftSection={<IconShieldOff size={18} />}
          >
            Desativar a autenticação em dois fatores
          </Button>
        </Stack>
      )}
      <Button variant="default" component={Link} to="/wallet">
        Voltar
      </Button>
    </Stack>
  );
}
