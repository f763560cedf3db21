import { decimalToCentsOrZero } from '@copaiba/contracts/money';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { CodeBoxes, isCodeComplete } from '@/components/code-boxes';
import { FigureGrid } from '@/components/figure-grid';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { formatCents, formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { walletKeys } from '@/lib/query-keys';
import { createWithdrawal } from '../api/create-withdrawal';
import { WalletCard } from '../components/wallet-card';
import { readConfirmationState } from '../lib/navigation-state';
import { pixKeyTypeLabel } from '../lib/pix-key';

const CODE_REQUIRED = 'Preencha o código de autenticação do saque!';

/** /withdrawConfirmation (docs/product.md §2): the summary and the two-factor code, then POST withdraw. */
export default function WithdrawConfirmationPage() {
  const state = readConfirmationState(useLocation().state);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);

  if (!state) return <Navigate to="/wallet" replace />;
  const confirmation = state;
  const finalCents =
    decimalToCentsOrZero(confirmation.balance) -
    decimalToCentsOrZero(confirmation.withdrawal_value);

  async function send() {
    if (!isCodeComplete(code)) {
      setError(CODE_REQUIRED);
      return;
    }
    setError(null);
    attemptKey.current ??= crypto.randomUUID();
    setSending(true);
    try {
      const result = await createWithdrawal(
        {
          token: code,
          value: confirmation.withdrawal_value,
          key_pix: confirmation.keyPix,
        },
        attemptKey.current,
      );
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      await navigate('/operation-realized', { state: { type: 'Saque' } });
    } catch (err) {
      if (isApiError(err) && err.status === 400) {
        // A refused code or value is final for this submit: a new one gets a new key.
        attemptKey.current = null;
        const fields = fieldErrors(err.body);
        const messages = [fields.token, fields.value, fields.key_pix].filter(Boolean) as string[];
        if (fields.token) setError(fields.token);
        (messages.length ? messages : [errorMessage(err)]).forEach(notifyError);
      } else {
        if (isApiError(err) && err.status !== 0) attemptKey.current = null;
        notifyError(errorMessage(err));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <WalletCard title="Confirmação de Saque">
      <Stack gap="lg">
        <FigureGrid
          minColumn={200}
          items={[
            { label: 'Nome', value: user.data?.name ?? '-' },
            {
              label: `Chave Pix (${pixKeyTypeLabel(confirmation.typeKeyPix)})`,
              value: <span style={{ wordBreak: 'break-all' }}>{confirmation.keyPix}</span>,
            },
            { label: 'Saldo disponível', value: formatMoney(confirmation.balance) },
            { label: 'Valor do saque', value: formatMoney(confirmation.withdrawal_value) },
            { label: 'Saldo final', value: formatCents(finalCents), highlight: true },
          ]}
        />
        <Stack gap="xs">
          <Text fw={600}>Código de autenticação</Text>
          <Text size="sm" c="dimmed">
            Digite o código de 6 dígitos do seu app autenticador.
          </Text>
          <CodeBoxes
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            label="Código de autenticação do saque"
            error={error}
          />
        </Stack>
        <Group grow>
          <Button variant="default" onClick={() => void navigate(-1)} disabled={sending}>
            Voltar
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </WalletCard>
  );
}
